import { Form, Link, useActionData, useRevalidator } from "@remix-run/react";
import { clsx } from "clsx";
import { AlertTriangle, Check, CheckCheck, Info, PanelLeftOpen, RotateCcw, X } from "lucide-react";
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { createId } from "../../../db/id";
import { Button, buttonClass } from "~/components/ui/button";
import type { ChatMessage } from "~/modules/realtime/protocol";
import { useRealtime } from "~/modules/realtime/realtime-provider";
import { useRoomSocket } from "~/modules/realtime/use-room-socket";
import { useUser } from "~/utils/user";
import { Avatar, formatDay, formatTime, useHydrated } from "./chat-ui";
import type { ChatDetail } from "./present";
import { CHAT_MESSAGES, MESSAGE_MAX_LENGTH, MessageContentSchema } from "./schemas";
import { callApi, TRANSPORT_MESSAGES } from "~/utils/api-client";

/** Spec section 9: the typing indicator stops after 3 seconds without typing. */
const TYPING_TIMEOUT_MS = 3000;
/** A typing frame at most this often while keys are pressed (the room allows ~1 frame/s). */
const TYPING_THROTTLE_MS = 2000;
const POLL_MS = 2000;

interface PendingMessage {
  clientId: string;
  content: string;
  status: "sending" | "failed";
  error?: string;
}

/** Messages by id, oldest first. */
function mergeMessages(...lists: ChatMessage[][]) {
  const byId = new Map<string, ChatMessage>();
  for (const list of lists) for (const message of list) byId.set(message.id, { ...byId.get(message.id), ...message });
  return [...byId.values()].sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.id.localeCompare(b.id));
}

/** Runs `fn` at most once per `ms`, trailing. */
function useDebounced(fn: () => void, ms: number) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), ms);
  }, [ms]);
}

/**
 * The conversation pane: bubbles grouped by day with read marks, the typing indicator, and the
 * composer. Works as plain HTML (a server-rendered list and a form post); with JavaScript it joins
 * the chat's room for live messages, typing and read marks, and sends optimistically.
 */
export function Conversation({
  chat,
  onOpenSidebar,
}: {
  chat: ChatDetail;
  onOpenSidebar: (event: React.MouseEvent) => void;
}) {
  const me = useUser();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { subscribe, status: inboxStatus } = useRealtime();
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [readUpTo, setReadUpTo] = useState(0);
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const endRef = useRef<HTMLDivElement>(null);

  const messages = useMemo(() => mergeMessages(chat.messages, live), [chat.messages, live]);
  const newestId = useRef<string | undefined>(undefined);
  useEffect(() => {
    newestId.current = messages.at(-1)?.id;
  }, [messages]);
  const otherName = chat.otherParticipant?.username ?? "Someone";
  const refresh = useDebounced(() => revalidator.revalidate(), 300);

  const socket = useRoomSocket("ChatRoom", chat.id, {
    onOpen: (send) => send({ type: "join-chat", chatId: chat.id, after: newestId.current }),
    onFrame: (frame) => {
      switch (frame.type) {
        case "receive-message":
          if (frame.chatId !== chat.id) return;
          setLive((previous) => mergeMessages(previous, [frame.message]));
          if (frame.message.sender !== me.id) setTyping(false);
          refresh();
          return;
        case "user-typing":
          if (frame.userId === me.id) return;
          clearTimeout(typingTimer.current);
          setTyping(frame.isTyping);
          if (frame.isTyping) typingTimer.current = setTimeout(() => setTyping(false), TYPING_TIMEOUT_MS);
          return;
        case "message-read":
          if (frame.userId !== me.id) setReadUpTo((previous) => Math.max(previous, frame.timestamp));
          // My own read mark is recorded: the sidebar's unread count follows.
          else refresh();
          return;
        case "welcome":
        case "pong":
        case "joined":
        case "error":
        case "chat-notification":
        case "unread":
          return;
        default:
          frame satisfies never;
      }
    },
  });

  function markRead() {
    if (socket.send({ type: "mark-read", chatId: chat.id, timestamp: Date.now() })) return;
    fetch(`/api/chats/${chat.id}/read`, { method: "POST" })
      .then((response) => response.ok && refresh())
      .catch((error) => console.warn(error));
  }
  const latestMarkRead = useRef(markRead);
  useEffect(() => {
    latestMarkRead.current = markRead;
  });

  // Reading happens here, not in the page's GET (which any site could link to): the newest message
  // from the others is marked read once it is on screen, now or when the tab becomes visible.
  const newestUnread = messages.findLast((message) => message.sender !== me.id && !message.read)?.id ?? null;
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!newestUnread) return;
    const markIfVisible = () => {
      if (document.visibilityState !== "visible" || markedUpTo.current === newestUnread) return;
      markedUpTo.current = newestUnread;
      latestMarkRead.current();
    };
    markIfVisible();
    document.addEventListener("visibilitychange", markIfVisible);
    return () => document.removeEventListener("visibilitychange", markIfVisible);
  }, [newestUnread]);

  // Other chats' news refreshes the list; while the socket is down the conversation is polled.
  useEffect(() => subscribe(() => refresh()), [subscribe, refresh]);
  useEffect(() => {
    if (socket.status !== "unavailable") return;
    const timer = setInterval(() => revalidator.revalidate(), POLL_MS);
    return () => clearInterval(timer);
  }, [socket.status, revalidator]);
  useEffect(() => () => clearTimeout(typingTimer.current), []);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [messages.length, pending.length, typing]);

  const confirmed = new Set(messages.map((message) => message.clientId).filter(Boolean));
  const unconfirmed = pending.filter((entry) => !confirmed.has(entry.clientId));
  const sending = unconfirmed.some((entry) => entry.status === "sending");

  async function deliver(content: string, clientId: string) {
    setPending((previous) => [
      ...previous.filter((entry) => entry.clientId !== clientId),
      { clientId, content, status: "sending" },
    ]);
    const result = await callApi<{ success: boolean; message?: string; data?: ChatMessage }>(
      `/api/chats/${chat.id}/messages`,
      { method: "POST", body: { content, clientId } },
    );
    const sent = result.ok ? result.body.data : undefined;
    if (sent) {
      setLive((previous) => mergeMessages(previous, [sent]));
      setPending((previous) => previous.filter((entry) => entry.clientId !== clientId));
      refresh();
      return;
    }
    const message = result.ok ? TRANSPORT_MESSAGES.unknown : result.message;
    console.error(CHAT_MESSAGES.failed, message);
    setPending((previous) =>
      previous.map((entry) => (entry.clientId === clientId ? { ...entry, status: "failed", error: message } : entry)),
    );
  }

  const showWarning = socket.status === "unavailable" || inboxStatus === "unavailable";
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
        <Avatar name={otherName} image={chat.otherParticipant?.profileImage ?? null} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold">{chat.otherParticipant?.username ?? chat.name}</h1>
          <p aria-live="polite" className="h-4 text-xs text-muted">
            {typing ? `${otherName} is typing...` : ""}
          </p>
        </div>
        <details className="group relative">
          <summary
            className="cursor-pointer list-none rounded-card p-2 text-muted hover:bg-canvas [&::-webkit-details-marker]:hidden"
            aria-label={CHAT_MESSAGES.about}
          >
            <Info aria-hidden className="size-5" />
          </summary>
          <div className="absolute right-0 z-10 mt-2 w-72 rounded-card border border-line bg-surface p-4 shadow-lg">
            <h2 className="font-semibold">{CHAT_MESSAGES.about}</h2>
            <p className="mt-2 text-sm text-muted">
              {chat.isDirectChat && chat.otherParticipant
                ? `A direct chat between you and ${chat.otherParticipant.username}.`
                : "A group chat."}
            </p>
            <Form method="post" action="/chat" className="mt-4">
              <input type="hidden" name="intent" value="leave" />
              <input type="hidden" name="chatId" value={chat.id} />
              <Button type="submit" variant="destructive" size="sm">
                Delete conversation
              </Button>
            </Form>
          </div>
        </details>
        <Link to="/chat?closed=1" className="rounded-card p-2 text-muted hover:bg-canvas" aria-label="Close chat">
          <X aria-hidden className="size-5" />
        </Link>
      </header>

      {showWarning ? (
        <p role="status" className="flex items-center gap-2 bg-warning-50 px-4 py-2 text-sm text-warning-700">
          <AlertTriangle aria-hidden className="size-4 shrink-0" />
          {CHAT_MESSAGES.noSocket}
        </p>
      ) : null}

      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        {messages.length === 0 && unconfirmed.length === 0 ? (
          <p className="py-16 text-center text-muted">{CHAT_MESSAGES.emptyConversation}</p>
        ) : (
          <ol aria-label="Messages" className="flex flex-col gap-2">
            {messages.map((message, index) => {
              const day = days[index];
              const showDay = index === 0 || day !== days[index - 1];
              const mine = message.sender === me.id;
              const read = message.read || (mine && Date.parse(message.timestamp) <= readUpTo);
              return (
                <Fragment key={message.id}>
                  {showDay ? (
                    <li className="my-2 text-center text-xs font-medium text-muted" aria-hidden>
                      {day}
                    </li>
                  ) : null}
                  <Bubble mine={mine}>
                    {!mine ? <span className="sr-only">{`${message.senderName}: `}</span> : null}
                    <p className="whitespace-pre-wrap break-words">{message.content}</p>
                    <span
                      className={clsx(
                        "mt-1 flex items-center justify-end gap-1 text-xs",
                        mine ? "text-brand-100" : "text-muted",
                      )}
                    >
                      <time dateTime={message.timestamp}>{formatTime(message.timestamp, hydrated)}</time>
                      {mine ? <ReadMark read={read} /> : null}
                    </span>
                  </Bubble>
                </Fragment>
              );
            })}
            {unconfirmed.map((entry) => (
              <Bubble key={entry.clientId} mine failed={entry.status === "failed"}>
                <p className="whitespace-pre-wrap break-words">{entry.content}</p>
                {entry.status === "sending" ? (
                  <span className="mt-1 block text-right text-xs text-brand-100">{CHAT_MESSAGES.sending}</span>
                ) : (
                  <span className="mt-1 flex items-center justify-end gap-2 text-xs">
                    <span role="alert">Not sent{entry.error ? `: ${entry.error}` : ""}</span>
                    <button
                      type="button"
                      onClick={() => deliver(entry.content, entry.clientId)}
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

      {newestUnread ? (
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

      <Composer
        chatId={chat.id}
        sending={sending}
        connected={socket.status === "open"}
        onSend={(content) => deliver(content, createId())}
        onTyping={(isTyping) => socket.send({ type: "typing", chatId: chat.id, isTyping })}
      />
    </>
  );
}

function Bubble({ mine, failed, children }: { mine: boolean; failed?: boolean; children: React.ReactNode }) {
  return (
    <li className={clsx("flex", mine ? "justify-end" : "justify-start")}>
      <div
        className={clsx(
          "max-w-[80%] rounded-card px-3 py-2 text-sm",
          mine ? "bg-brand-600 text-white" : "bg-canvas text-ink",
          failed && "bg-danger-50 text-danger-700 ring-1 ring-danger-700",
        )}
      >
        {children}
      </div>
    </li>
  );
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

/**
 * The composer: a form posting intent=send to /chat (works without JavaScript); with JavaScript
 * it sends through the API optimistically, reports typing, and is disabled while sending.
 */
function Composer({
  chatId,
  sending,
  connected,
  onSend,
  onTyping,
}: {
  chatId: string;
  sending: boolean;
  connected: boolean;
  onSend: (content: string) => void;
  /** Returns whether the frame went out (false while the socket is connecting). */
  onTyping: (isTyping: boolean) => boolean;
}) {
  const actionData = useActionData<{ message: string | null }>();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState("");
  const lastTypingAt = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const tooLong = draft.trim().length > MESSAGE_MAX_LENGTH;
  const blank = draft.trim() === "";
  const error = tooLong ? CHAT_MESSAGES.tooLong : (actionData?.message ?? null);

  /** Whether the user has typed within the last TYPING_TIMEOUT_MS (the idle timer is running). */
  const activelyTyping = useRef(false);

  useEffect(() => () => clearTimeout(idleTimer.current), []);

  // Keys pressed while the socket was connecting or reconnecting: say so once it opens.
  useEffect(() => {
    if (!connected) lastTypingAt.current = 0;
    else if (activelyTyping.current && lastTypingAt.current === 0 && onTyping(true)) {
      lastTypingAt.current = Date.now();
    }
    // onTyping is a fresh closure each render; only the connection change matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected]);

  function stopTyping() {
    clearTimeout(idleTimer.current);
    activelyTyping.current = false;
    if (lastTypingAt.current !== 0) onTyping(false);
    lastTypingAt.current = 0;
  }

  function changed(value: string) {
    setDraft(value);
    const now = Date.now();
    // Only a frame that went out starts the throttle window, so a dropped one is retried.
    if (now - lastTypingAt.current > TYPING_THROTTLE_MS && onTyping(true)) lastTypingAt.current = now;
    activelyTyping.current = true;
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_TIMEOUT_MS);
  }

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = MessageContentSchema.safeParse(draft);
    if (!parsed.success || sending) return;
    stopTyping();
    onSend(parsed.data);
    setDraft("");
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  }

  return (
    <Form
      method="post"
      action={`/chat?chatId=${encodeURIComponent(chatId)}`}
      onSubmit={submit}
      className="border-t border-line px-4 py-3"
    >
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="chatId" value={chatId} />
      <div className="flex items-end gap-2">
        <label htmlFor="chat-message" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-message"
          name="content"
          rows={1}
          required
          value={draft}
          onChange={(event) => changed(event.target.value)}
          onKeyDown={keyDown}
          disabled={sending}
          placeholder={sending ? CHAT_MESSAGES.sending : "Type a message..."}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "chat-message-error" : undefined}
          className="max-h-40 min-h-10 flex-1 resize-y rounded-card border border-line bg-surface px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-canvas"
        />
        <button type="submit" disabled={sending || (hydrated && (blank || tooLong))} className={buttonClass("primary")}>
          {sending ? CHAT_MESSAGES.sending : "Send"}
        </button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs">
        <p id="chat-message-error" role={error ? "alert" : undefined} className="text-danger-700">
          {error}
        </p>
        {draft.length > MESSAGE_MAX_LENGTH - 200 ? (
          <span className={clsx("tabular", tooLong ? "text-danger-700" : "text-muted")}>
            {`${draft.trim().length.toLocaleString("en-US")} / ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")}`}
          </span>
        ) : null}
      </div>
    </Form>
  );
}
