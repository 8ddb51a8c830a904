import type PartySocket from "partysocket";
import { useEffect, useRef, useState } from "react";
import type { ClientFrame, ServerFrame } from "./protocol";
import { partyOf, type RoomName } from "./rooms";

/** docs/product.md#realtime-chat: 5 reconnection attempts. */
export const SOCKET_RETRIES = 5;

/**
 * The socket's reconnection schedule (docs/product.md#realtime-chat), the spec's socket.io
 * settings in partysocket's words: the first retry after 1000 ms, each later one twice as long
 * (socket.io's backoff factor), never more than the 5000 ms maximum delay; 20000 ms to connect.
 */
export const SOCKET_RECONNECT = {
  maxRetries: SOCKET_RETRIES,
  minReconnectionDelay: 1000,
  maxReconnectionDelay: 5000,
  reconnectionDelayGrowFactor: 2,
  connectionTimeout: 20_000,
} as const;

export type SocketStatus = "connecting" | "open" | "unavailable";

/**
 * A partysocket connection to one room of the registry (`/parties/<party>/<name>`), authenticated
 * by the session cookie the browser sends with the upgrade. Frames are parsed, never cast; unknown
 * ones are dropped. After the retries are used up the status is "unavailable" and callers fall back
 * to polling.
 *
 * partysocket and the parser (the protocol's zod schemas) are loaded with the first socket rather
 * than with the page, so the pages of visitors, who never open one, do not carry them, and no page
 * preloads them.
 */
export function useRoomSocket(
  room: RoomName,
  name: string | null,
  handlers: { onFrame: (frame: ServerFrame) => void; onOpen?: (send: (frame: ClientFrame) => void) => void },
) {
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const socketRef = useRef<PartySocket | null>(null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!name) return;
    let ended = false;
    let close = () => {};
    setStatus("connecting");
    void Promise.all([import("partysocket"), import("./protocol")]).then(
      ([{ default: PartySocket }, { parseServerFrame }]) => {
        if (ended) return;
        const socket = new PartySocket({
          host: window.location.host,
          protocol: window.location.protocol === "https:" ? "wss" : "ws",
          party: partyOf(room),
          room: name,
          ...SOCKET_RECONNECT,
        });
        socketRef.current = socket;
        const send = (frame: ClientFrame) => {
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
        };
        const onOpen = () => {
          setStatus("open");
          handlersRef.current.onOpen?.(send);
        };
        const onClose = () => {
          setStatus(socket.retryCount >= SOCKET_RETRIES ? "unavailable" : "connecting");
        };
        const onMessage = (event: MessageEvent) => {
          const frame = parseServerFrame(event.data);
          if (!frame) return;
          // The room ended this socket's session: closing it here ends it at once (a close the room
          // starts waits for the browser's close timeout); only a session that still lives reconnects.
          if (frame.type === "session-ended") socket.reconnect(1000, "Session ended");
          else handlersRef.current.onFrame(frame);
        };
        socket.addEventListener("open", onOpen);
        socket.addEventListener("close", onClose);
        socket.addEventListener("message", onMessage);
        close = () => {
          socket.removeEventListener("open", onOpen);
          socket.removeEventListener("close", onClose);
          socket.removeEventListener("message", onMessage);
          socket.close();
          socketRef.current = null;
        };
      },
      // The code could not be loaded (offline, a new deploy): callers fall back to polling.
      () => {
        if (!ended) setStatus("unavailable");
      },
    );
    return () => {
      ended = true;
      close();
    };
  }, [room, name]);

  /** Sends a frame when connected; returns whether it went out. */
  const send = (frame: ClientFrame) => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };
  return { status, send };
}
