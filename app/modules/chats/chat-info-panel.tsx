import { Flag, Info } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { ConfirmTrigger, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { MenuDetails } from "~/components/ui/menu-details";
import { blockCopyFor, PostButton } from "~/modules/blocks/block-ui";
import { ReportTrigger } from "~/modules/reports/report-dialog";
import type { ChatDetail } from "./present";
import { CHAT_MESSAGES } from "./schemas";

/** The chat page's posts for a block (/chat's `block` intent) and a leave, by chat. */
export const chatPosts = (chat: Pick<ChatDetail, "id" | "otherParticipant">) => ({
  block: { action: "/chat", fields: { intent: "block", chatId: chat.id, userId: chat.otherParticipant?.id ?? "" } },
  unblock: { action: "/chat", fields: { intent: "unblock", chatId: chat.id, userId: chat.otherParticipant?.id ?? "" } },
  leave: { action: "/chat", fields: { intent: "leave", chatId: chat.id } },
});

/**
 * 'About this conversation': who it is with, the referral it is about, and what the member can do
 * about the other person (block or unblock, report) and the chat (delete). Every action works
 * without JavaScript: the block and delete questions are then steps of the page (`?confirm=`),
 * the report form a panel of it (`?report=`).
 */
export function ChatInfoPanel({
  chat,
  chatHref,
  deleteCopy,
  referral,
}: {
  chat: ChatDetail;
  chatHref: string;
  deleteCopy: ConfirmCopy;
  referral: ReactNode;
}) {
  const other = chat.otherParticipant;
  const posts = chatPosts(chat);
  return (
    // Keyed by the block: after Block or Unblock the page comes back to this chat with the panel closed.
    <MenuDetails key={chat.blocked ?? "none"} className="group relative">
      <summary
        className="cursor-pointer list-none rounded-card p-2 text-muted hover:bg-canvas [&::-webkit-details-marker]:hidden"
        aria-label={CHAT_MESSAGES.about}
      >
        <Info aria-hidden className="size-5" />
      </summary>
      <div className="absolute right-0 z-10 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-card border border-line bg-surface p-4 shadow-lg">
        <h2 className="font-semibold">{CHAT_MESSAGES.about}</h2>
        <p className="mt-2 text-sm text-muted">
          {other ? `A direct chat between you and ${other.username}.` : CHAT_MESSAGES.nobodyHere}
        </p>
        {referral}
        <div className="mt-4 flex flex-wrap gap-2">
          {other ? (
            chat.blocked === "by-you" ? (
              <PostButton post={posts.unblock}>Unblock</PostButton>
            ) : (
              <ConfirmTrigger
                label="Block"
                confirmHref={`${chatHref}&confirm=block`}
                copy={blockCopyFor(chat.openDealings)}
                post={posts.block}
              />
            )
          ) : null}
          {other ? (
            <ReportTrigger
              target={{ targetType: "user", targetId: other.id }}
              label="Report member"
              noScriptHref={`${chatHref}&report=user:${encodeURIComponent(other.id)}#report`}
              className={buttonClass("secondary", "sm")}
            >
              <Flag aria-hidden className="size-4" />
              Report member
            </ReportTrigger>
          ) : null}
          <ConfirmTrigger
            label="Delete conversation"
            confirmHref={`${chatHref}&confirm=delete`}
            copy={deleteCopy}
            post={posts.leave}
          />
        </div>
      </div>
    </MenuDetails>
  );
}
