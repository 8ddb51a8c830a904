/**
 * The open conversation's live side (ADR 040): joins the chat's room, merges the messages it
 * announces into the page's, sends over the room's socket (by POST when it is down) and keeps the
 * optimistic sends until the room stores them, marks the
 * chat read once shown, relays typing both ways, and polls every 2 s while the socket is down.
 * Reconnecting catches up from the newest message held (`join-chat {after}`); a page that holds
 * none joins without `after` and gets the room's newest messages (D1 may not have had them yet).
 */
import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createId } from "../../../db/id";
import { ChatMessageSchema, type ChatMessage, type ServerFrame } from "~/modules/realtime/protocol";
import { useRealtime } from "~/modules/realtime/realtime-provider";
import { useRoomSocket } from "~/modules/realtime/use-room-socket";
import { callApi, TRANSPORT_MESSAGES } from "~/utils/api-client";
import { handleUnauthorized } from "~/utils/sign-in-again";
import type { ChatDetail } from "./present";
import {
  confirmSend,
  failSend,
  isSending,
  mergeMessages,
  newestUnreadId,
  queueSend,
  shownRead,
  unconfirmed,
  type PendingMessage,
} from "./room-state";
import { CHAT_MESSAGES } from "./schemas";
import { useSocketSends } from "./use-socket-sends";
import { useTypingAnnouncer, useTypingIndicator } from "./use-typing";

/** docs/product.md#realtime-chat: the open conversation is polled every 2 s while the socket is down. */
const POLL_MS = 2000;

export function useChatRoom(chat: ChatDetail, meId: string) {
  const chatId = chat.id;
  const revalidator = useRevalidator();
  const { subscribe, status: inboxStatus } = useRealtime();
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [readUpTo, setReadUpTo] = useState(0);
  const others = useTypingIndicator();
  const refresh = useDebounced(() => revalidator.revalidate(), 300);

  // One copy per id; the page's (D1's) wins over the room's: it knows what has been read since.
  const messages = useMemo(() => mergeMessages(live, chat.messages), [chat.messages, live]);
  const newestId = useRef<string | undefined>(undefined);
  useEffect(() => {
    newestId.current = messages.at(-1)?.id;
  }, [messages]);

  const onFrame = (frame: ServerFrame) => {
    sends.heard(frame);
    switch (frame.type) {
      case "receive-message":
        if (frame.chatId !== chatId) return;
        setLive((previous) => mergeMessages(previous, [frame.message]));
        if (frame.message.sender !== meId) others.heard(false);
        refresh();
        return;
      case "user-typing":
        if (frame.userId !== meId) others.heard(frame.isTyping);
        return;
      case "message-read":
        if (frame.userId !== meId) setReadUpTo((previous) => Math.max(previous, frame.timestamp));
        // The member's own read mark is recorded: the sidebar's unread count follows.
        else refresh();
        return;
      case "welcome":
      case "pong":
      case "joined":
      case "error":
      case "chat-notification":
      case "unread":
      case "notice":
      case "session-ended":
        return;
      default:
        frame satisfies never;
    }
  };
  const socket = useRoomSocket("ChatRoom", chatId, {
    onOpen: (send) => send({ type: "join-chat", chatId, after: newestId.current }),
    onFrame,
  });
  const sends = useSocketSends(chatId, socket);
  const connected = socket.status === "open";
  const typing = useTypingAnnouncer((isTyping) => socket.send({ type: "typing", chatId, isTyping }), connected);

  const newestUnread = newestUnreadId(messages, meId);
  useMarkRead(newestUnread, () => {
    if (socket.send({ type: "mark-read", chatId, timestamp: Date.now() })) return;
    const url = `/api/chats/${chatId}/read`;
    fetch(url, { method: "POST" })
      .then((response) => !handleUnauthorized(response.status, url) && response.ok && refresh())
      .catch((error) => console.warn(error));
  });

  // Other chats' news refreshes the list; while the socket is down the conversation is polled.
  useEffect(() => subscribe(() => refresh()), [subscribe, refresh]);
  useEffect(() => {
    if (socket.status !== "unavailable") return;
    const timer = setInterval(() => revalidator.revalidate(), POLL_MS);
    return () => clearInterval(timer);
  }, [socket.status, revalidator]);

  /** Over the socket when it is open (the room answers), else by POST with the same clientId. */
  async function deliver(content: string, clientId: string) {
    setPending((previous) => queueSend(previous, clientId, content));
    const overSocket = await sends.send(content, clientId);
    if (overSocket.kind === "stored") {
      setPending((previous) => confirmSend(previous, clientId));
      return;
    }
    if (overSocket.kind === "refused") {
      setPending((previous) => failSend(previous, clientId, overSocket.message));
      return;
    }
    const result = await callApi<{ success: boolean; message?: string; data?: unknown }>(
      `/api/chats/${chatId}/messages`,
      { method: "POST", body: { content, clientId } },
    );
    const sent = result.ok ? ChatMessageSchema.safeParse(result.body.data) : null;
    if (sent?.success) {
      setLive((previous) => mergeMessages(previous, [sent.data]));
      setPending((previous) => confirmSend(previous, clientId));
      refresh();
      return;
    }
    const message = result.ok ? TRANSPORT_MESSAGES.unknown : result.message;
    console.error(CHAT_MESSAGES.failed, message);
    setPending((previous) => failSend(previous, clientId, message));
  }

  const waiting = unconfirmed(pending, messages);
  return {
    /** Stored messages, oldest first: the page's and those the room announced since. */
    messages,
    /** Sends not stored yet, in the order sent: sending, or failed with the reason. */
    pending: waiting,
    sending: isSending(waiting),
    send: (content: string) => deliver(content, createId()),
    retry: (entry: PendingMessage) => deliver(entry.content, entry.clientId),
    isRead: (message: ChatMessage) => shownRead(message, meId, readUpTo),
    othersTyping: others.typing,
    /** The member's keys: `keyPressed` on each change of the draft, `stopped` when it is sent. */
    typing,
    /** For the no-JavaScript 'Mark as read' form. */
    newestUnread,
    /** The warning shows when either socket has given up (the page polls instead). */
    unavailable: socket.status === "unavailable" || inboxStatus === "unavailable",
  };
}

/**
 * Reading happens here, not in the page's GET (which any site could link to): the newest message
 * from the others is marked read once it is on screen, now or when the tab becomes visible.
 */
function useMarkRead(newestUnread: string | null, markRead: () => void) {
  const latest = useRef(markRead);
  useEffect(() => {
    latest.current = markRead;
  });
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!newestUnread) return;
    const markIfVisible = () => {
      if (document.visibilityState !== "visible" || markedUpTo.current === newestUnread) return;
      markedUpTo.current = newestUnread;
      latest.current();
    };
    markIfVisible();
    document.addEventListener("visibilitychange", markIfVisible);
    return () => document.removeEventListener("visibilitychange", markIfVisible);
  }, [newestUnread]);
}

/** Runs `fn` once, `ms` after the last call (trailing). */
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
