import { Link } from "@remix-run/react";
import { clsx } from "clsx";
import { X } from "lucide-react";
import { useHydrated } from "~/core/hooks";
import { Avatar, formatListTime } from "./chat-ui";
import { NewChatLink } from "./recipient-picker";
import { CHAT_MESSAGES } from "./schemas";
import type { ChatSummary } from "./present";
import { unreadBadge } from "~/core/format";

/**
 * The conversation list: the other participant (masked per their privacy), last message, time
 * and unread count. A drawer below 768 px, opened from the conversation's header.
 */
export function ChatSidebar({
  chats,
  selectedId,
  open,
  onClose,
}: {
  chats: ChatSummary[];
  selectedId: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const hydrated = useHydrated();
  return (
    <aside
      aria-label="Conversations"
      className={clsx(
        "min-h-0 w-full flex-col border-line bg-surface md:flex md:w-80 md:shrink-0 md:border-r",
        open ? "absolute inset-0 z-20 flex md:static" : "hidden",
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 className="text-base font-semibold">Conversations</h2>
        <div className="flex items-center gap-1">
          <NewChatLink variant="ghost" />
          {selectedId ? (
            <button
              type="button"
              onClick={onClose}
              className="rounded-card p-2 text-muted hover:bg-canvas md:hidden"
              aria-label="Close conversations"
            >
              <X aria-hidden className="size-4" />
            </button>
          ) : null}
        </div>
      </div>
      {chats.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <p className="font-semibold">{CHAT_MESSAGES.noChats}</p>
          <p className="mt-1 text-sm text-muted">{CHAT_MESSAGES.noChatsHint}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-2">
            <NewChatLink />
            <Link to="/apply" className="inline-flex h-10 items-center px-2 text-sm text-brand-700 underline">
              Browse referrals
            </Link>
          </div>
        </div>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto">
          {chats.map((chat) => {
            const title = chat.otherParticipant?.username ?? chat.name;
            const selected = chat.id === selectedId;
            return (
              <li key={chat.id}>
                <Link
                  to={`/chat?chatId=${encodeURIComponent(chat.id)}`}
                  aria-current={selected ? "page" : undefined}
                  className={clsx(
                    "flex items-center gap-3 border-b border-line px-4 py-3 hover:bg-canvas",
                    selected && "bg-brand-50",
                  )}
                >
                  <Avatar name={title} image={chat.otherParticipant?.profileImage ?? null} />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="truncate font-medium">{title}</span>
                      <time dateTime={chat.updatedAt} className="shrink-0 text-xs text-muted tabular">
                        {formatListTime(chat.updatedAt, hydrated)}
                      </time>
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm text-muted">{chat.lastMessage ?? "No messages yet"}</span>
                      {chat.unreadCount > 0 ? (
                        <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white tabular">
                          <span aria-hidden>{unreadBadge(chat.unreadCount)}</span>
                          <span className="sr-only">{`${chat.unreadCount} unread`}</span>
                        </span>
                      ) : null}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}
