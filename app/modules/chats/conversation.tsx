import { Form, Link } from "@remix-run/react";
import { clsx } from "clsx";
import { AlertTriangle, Check, CheckCheck, CreditCard, Flag, PanelLeftOpen, RotateCcw, X } from "lucide-react";
import { Fragment, useEffect, useRef } from "react";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmPanel, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { UserText } from "~/components/ui/user-text";
import { BLOCK_MESSAGES } from "~/modules/blocks/schemas";
import { ReportPanel, ReportTrigger, type ReportTargetRef } from "~/modules/reports/report-dialog";
import { useUser } from "~/utils/user";
import { useHydrated } from "~/core/hooks";
import { Avatar, formatDay, formatTime } from "./chat-ui";
import { blockCopyFor, PostButton } from "~/modules/blocks/block-ui";
import { ChatInfoPanel, chatPosts } from "./chat-info-panel";
import { Composer } from "./composer";
import type { ChatDetail } from "./present";
import { CHAT_MESSAGES } from "./schemas";
import { useChatRoom } from "./use-chat-room";

/**
 * The conversation pane: bubbles grouped by day with read marks, the typing indicator, and the
 * composer. Works as plain HTML (a server-rendered list and a form post); with JavaScript
 * useChatRoom makes it live: messages, typing and read marks from the chat's room, optimistic sends.
 */
export function Conversation({
  chat,
  confirm,
  report,
  onOpenSidebar,
}: {
  chat: ChatDetail;
  /** `?confirm=delete|block`: the question shown in the page (the no-JavaScript confirmation). */
  confirm: "delete" | "block" | null;
  /** `?report=message:<id>|user:<id>`: the report form shown in the page (no JavaScript). */
  report: ReportTargetRef | null;
  onOpenSidebar: (event: React.MouseEvent) => void;
}) {
  const me = useUser();
  const hydrated = useHydrated();
  const room = useChatRoom(chat, me.id);
  const { messages, pending, sending } = room;
  const endRef = useRef<HTMLDivElement>(null);
  // One title for the header, its avatar and the list: the other person, else the chat's own name.
  const title = chat.otherParticipant?.username ?? chat.name;
  const otherName = chat.otherParticipant?.username ?? "Someone";
  const chatHref = `/chat?chatId=${encodeURIComponent(chat.id)}`;
  const posts = chatPosts(chat);
  const deleteCopy: ConfirmCopy = {
    title: CHAT_MESSAGES.deleteTitle,
    description: CHAT_MESSAGES.deleteBody,
    confirmLabel: "Delete conversation",
  };

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [messages.length, pending.length, room.othersTyping]);

  const days = messages.map((message) => formatDay(message.timestamp, hydrated));

  return (
    <>
      <header className="flex items-center gap-3 border-b border-line px-4 py-3">
        <Link
          to="/chat?closed=1"
          onClick={onOpenSidebar}
          className="rounded-card p-2 text-muted hover:bg-canvas md:hidden"
          aria-label="Open conversations"
        >
          <PanelLeftOpen aria-hidden className="size-5" />
        </Link>
        <Avatar name={title} image={chat.otherParticipant?.profileImage ?? null} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold">{title}</h1>
          {chat.referral ? (
            <ReferralLink referral={chat.referral} className="truncate text-xs text-brand-700 hover:underline" />
          ) : null}
          <p aria-live="polite" className={clsx("text-xs text-muted", room.othersTyping ? "h-4" : "sr-only")}>
            {room.othersTyping ? `${otherName} is typing...` : ""}
          </p>
        </div>
        <ChatInfoPanel
          chat={chat}
          chatHref={chatHref}
          deleteCopy={deleteCopy}
          referral={
            chat.referral ? (
              <p className="mt-2 text-sm">
                About: <ReferralLink referral={chat.referral} className="text-brand-700 underline" />
              </p>
            ) : null
          }
        />
        <Link to="/chat?closed=1" className="rounded-card p-2 text-muted hover:bg-canvas" aria-label="Close chat">
          <X aria-hidden className="size-5" />
        </Link>
      </header>

      {room.unavailable ? (
        <p role="status" className="flex items-center gap-2 bg-warning-50 px-4 py-2 text-sm text-warning-700">
          <AlertTriangle aria-hidden className="size-4 shrink-0" />
          {CHAT_MESSAGES.noSocket}
        </p>
      ) : null}

      {confirm ? (
        <div className="border-b border-line px-4 py-3">
          <ConfirmPanel
            copy={confirm === "block" ? blockCopyFor(chat.openDealings) : deleteCopy}
            post={confirm === "block" ? posts.block : posts.leave}
            cancelHref={chatHref}
          />
        </div>
      ) : null}
      {report ? (
        <div className="border-b border-line px-4 py-3">
          <ReportPanel target={withQuote(report, messages)} backHref={chatHref} />
        </div>
      ) : null}

      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        {messages.length === 0 && pending.length === 0 ? (
          <p className="py-16 text-center text-muted">{CHAT_MESSAGES.emptyConversation}</p>
        ) : (
          <ol aria-label="Messages" className="flex flex-col gap-2">
            {messages.map((message, index) => {
              const day = days[index];
              const showDay = index === 0 || day !== days[index - 1];
              const mine = message.sender === me.id;
              return (
                <Fragment key={message.id}>
                  {showDay ? (
                    <li className="my-2 text-center text-xs font-medium text-muted" aria-hidden>
                      {day}
                    </li>
                  ) : null}
                  <Bubble
                    mine={mine}
                    aside={
                      !mine && message.sender ? (
                        <ReportTrigger
                          target={{ targetType: "message", targetId: message.id, quote: message.content }}
                          label={`Report message from ${message.senderName}`}
                          noScriptHref={`${chatHref}&report=message:${encodeURIComponent(message.id)}#report`}
                          className="rounded-card p-1.5 text-muted opacity-60 hover:bg-canvas hover:text-ink hover:opacity-100 focus-visible:opacity-100"
                        >
                          <Flag aria-hidden className="size-3.5" />
                        </ReportTrigger>
                      ) : null
                    }
                  >
                    {!mine ? <span className="sr-only">{`${message.senderName}: `}</span> : null}
                    <p className="whitespace-pre-wrap break-words">
                      <UserText text={message.content} linkClassName={mine ? "" : "text-brand-700"} />
                    </p>
                    <span
                      className={clsx(
                        "mt-1 flex items-center justify-end gap-1 text-xs",
                        mine ? "text-brand-100" : "text-muted",
                      )}
                    >
                      <time dateTime={message.timestamp}>{formatTime(message.timestamp, hydrated)}</time>
                      {mine ? <ReadMark read={room.isRead(message)} /> : null}
                    </span>
                  </Bubble>
                </Fragment>
              );
            })}
            {pending.map((entry) => (
              <Bubble key={entry.clientId} mine failed={entry.status === "failed"}>
                <p className="whitespace-pre-wrap break-words">
                  <UserText text={entry.content} />
                </p>
                {entry.status === "sending" ? (
                  <span className="mt-1 block text-right text-xs text-brand-100">{CHAT_MESSAGES.sending}</span>
                ) : (
                  <span className="mt-1 flex items-center justify-end gap-2 text-xs">
                    <span role="alert">Not sent{entry.error ? `: ${entry.error}` : ""}</span>
                    <button
                      type="button"
                      onClick={() => room.retry(entry)}
                      disabled={sending}
                      className="inline-flex items-center gap-1 font-semibold underline"
                    >
                      <RotateCcw aria-hidden className="size-3" />
                      Retry
                    </button>
                  </span>
                )}
              </Bubble>
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>

      {room.newestUnread ? (
        <noscript>
          <Form
            method="post"
            action={`/chat?chatId=${encodeURIComponent(chat.id)}`}
            className="border-t border-line px-4 py-2 text-right"
          >
            <input type="hidden" name="intent" value="read" />
            <input type="hidden" name="chatId" value={chat.id} />
            <Button type="submit" variant="secondary" size="sm">
              Mark as read
            </Button>
          </Form>
        </noscript>
      ) : null}

      {chat.blocked ? (
        <BlockNotice chat={chat} />
      ) : chat.otherParticipant ? (
        <Composer chatId={chat.id} sending={sending} onSend={room.send} typing={room.typing} />
      ) : (
        <p role="status" className="border-t border-line px-4 py-3 text-sm text-muted">
          {CHAT_MESSAGES.nobodyHere}{" "}
          <Link to="/chat?new=1" className={buttonClass("secondary", "sm", "ml-2")}>
            New chat
          </Link>
        </p>
      )}
    </>
  );
}

/** The referral a chat was opened from, linked to its page. */
function ReferralLink({ referral, className }: { referral: { id: string; cardName: string }; className: string }) {
  return (
    <Link to={`/apply/${encodeURIComponent(referral.id)}`} className={clsx("flex items-center gap-1", className)}>
      <CreditCard aria-hidden className="size-3.5 shrink-0" />
      <span className="truncate">{`Referral: ${referral.cardName || "a card"}`}</span>
    </Link>
  );
}

function Bubble({
  mine,
  failed,
  aside,
  children,
}: {
  mine: boolean;
  failed?: boolean;
  /** Beside the bubble: the Report button of another's message. */
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <li className={clsx("flex items-center gap-1", mine ? "justify-end" : "justify-start")}>
      <div
        className={clsx(
          "max-w-[80%] rounded-card px-3 py-2 text-sm",
          mine ? "bg-brand-600 text-white" : "bg-canvas text-ink",
          failed && "bg-danger-50 text-danger-700 ring-1 ring-danger-700",
        )}
      >
        {children}
      </div>
      {aside}
    </li>
  );
}

/**
 * Instead of the composer across a block: who blocked, and for the blocker the way back. With an
 * application or a dispute open between the two, the blocked member reads what still works and
 * where (docs/decisions/175): the timeline and the dispute on My Applications, the admins.
 */
function BlockNotice({ chat }: { chat: ChatDetail }) {
  const dealings = chat.blocked === "by-them" && chat.openDealings > 0;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 border-t border-line px-4 py-3 text-sm text-muted">
      <p className="flex-1">
        {chat.blocked === "by-you"
          ? BLOCK_MESSAGES.youBlocked
          : dealings
            ? BLOCK_MESSAGES.blockedYouDealings
            : BLOCK_MESSAGES.blockedYou}
      </p>
      {chat.blocked === "by-you" ? <PostButton post={chatPosts(chat).unblock}>Unblock</PostButton> : null}
      {dealings ? (
        <Link to="/dashboard/my-applications" className="font-medium text-brand-700 hover:underline">
          Open My Applications
        </Link>
      ) : null}
    </div>
  );
}

/** A reported message's text, quoted in the no-JavaScript report panel when the page shows it. */
function withQuote(report: ReportTargetRef, messages: ChatDetail["messages"]): ReportTargetRef {
  if (report.targetType !== "message") return report;
  return { ...report, quote: messages.find((message) => message.id === report.targetId)?.content };
}

function ReadMark({ read }: { read: boolean }) {
  const Icon = read ? CheckCheck : Check;
  return (
    <span title={read ? "Read" : "Sent"} className="inline-flex items-center">
      <Icon aria-hidden className="size-3.5" />
      <span className="sr-only">{read ? "Read" : "Sent"}</span>
    </span>
  );
}
