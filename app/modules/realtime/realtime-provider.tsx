import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { showToast } from "~/components/layout/toaster";
import { handleUnauthorized } from "~/utils/sign-in-again";
import { newMessageToastText, noticeChangesPage } from "./notices";
import type { ChatNotification } from "./protocol";
import { useRoomSocket, type SocketStatus } from "./use-room-socket";

/** docs/product.md#realtime-chat: the header polls every 2000 ms (only while the socket is down, here). */
const POLL_MS = 2000;
/** docs/product.md#realtime-chat: the last 100 message ids are remembered for de-duplication. */
const REMEMBERED_IDS = 100;
const TOAST_MS = 5000;

type Listener = (notification: ChatNotification) => void;

interface RealtimeValue {
  unread: number;
  status: SocketStatus;
  /** Calls `listener` for every new-message notification (the chat page refreshes its list). */
  subscribe: (listener: Listener) => () => void;
}

const RealtimeContext = createContext<RealtimeValue>({
  unread: 0,
  status: "connecting",
  subscribe: () => () => {},
});

/** The user's realtime state on every page: unread count, socket status, notifications. */
export function useRealtime() {
  return useContext(RealtimeContext);
}

/**
 * Connects a signed-in user's browser to their own notification room on every page: keeps the
 * unread count the server pushes, shows the new-message toast (not on /chat, each message once),
 * and polls every 2 s instead while the socket is unavailable.
 */
export function RealtimeProvider({
  userId,
  initialUnread,
  children,
}: {
  userId: string | null;
  initialUnread: number;
  children: ReactNode;
}) {
  const [unread, setUnread] = useState(initialUnread);
  const location = useLocation();
  const navigate = useNavigate();
  const pathRef = useRef(location.pathname);
  const seen = useRef<string[]>([]);
  const listeners = useRef(new Set<Listener>());
  // The one place a notice refreshes the page that shows what it is about, without a reload.
  const revalidator = useRevalidator();

  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);
  // Every navigation re-reads the count from the root loader.
  const [loaderUnread, setLoaderUnread] = useState(initialUnread);
  if (loaderUnread !== initialUnread) {
    setLoaderUnread(initialUnread);
    setUnread(initialUnread);
  }

  const remember = useCallback((messageId: string) => {
    if (seen.current.includes(messageId)) return false;
    seen.current = [...seen.current, messageId].slice(-REMEMBERED_IDS);
    return true;
  }, []);

  const notify = useCallback(
    (notification: ChatNotification) => {
      if (!remember(notification.messageId)) return;
      for (const listener of listeners.current) listener(notification);
      if (pathRef.current.startsWith("/chat")) return;
      const to = `/chat?chatId=${encodeURIComponent(notification.chatId)}`;
      void showToast(
        "message",
        <button type="button" className="text-left" onClick={() => navigate(to)}>
          {newMessageToastText(notification.sender, notification.content)}
        </button>,
        { id: `chat-${notification.messageId}`, duration: TOAST_MS },
      );
    },
    [navigate, remember],
  );

  const { status } = useRoomSocket("UserNotifications", userId, {
    onFrame: (frame) => {
      if (frame.type === "unread") setUnread(frame.count);
      else if (frame.type === "chat-notification") notify(frame);
      else if (frame.type === "notice") {
        if (noticeChangesPage(pathRef.current, frame)) revalidator.revalidate();
        const to = frame.href;
        void showToast(
          "message",
          <button type="button" className="text-left" onClick={() => navigate(to)}>
            {frame.text}
          </button>,
          { id: `notice-${frame.id}`, duration: TOAST_MS },
        );
      }
    },
  });

  useEffect(() => {
    if (!userId || status !== "unavailable") return;
    let first = true;
    const poll = async () => {
      try {
        const url = "/api/chats/unread";
        const response = await fetch(url, { headers: { Accept: "application/json" } });
        if (handleUnauthorized(response.status, url) || !response.ok) return;
        // Loaded here, not with the page: see useRoomSocket.
        const { UnreadAnswerSchema } = await import("./protocol");
        const parsed = UnreadAnswerSchema.safeParse(await response.json());
        if (!parsed.success) return;
        const body = parsed.data;
        setUnread(body.count);
        // The first answer only tells what is already unread; later ones bring news.
        for (const item of body.latest.toReversed()) {
          if (first) remember(item.messageId);
          else notify(item);
        }
        first = false;
      } catch (error) {
        console.warn("Unread poll failed", error);
      }
    };
    void poll();
    const timer = setInterval(poll, POLL_MS);
    return () => clearInterval(timer);
  }, [userId, status, notify, remember]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const value = useMemo(() => ({ unread, status, subscribe }), [unread, status, subscribe]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
