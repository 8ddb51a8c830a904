/**
 * Sends over the chat room's socket (ADR 212): the composer's fast path. A `send-message` frame goes
 * straight to the room, which stores and delivers it without an HTTP request or a session lookup;
 * its own delivery (`receive-message` with the frame's clientId) confirms it, an `error` frame with
 * the clientId refuses it. When the socket is not open, closes meanwhile, or no answer comes within
 * SOCKET_ANSWER_MS, the caller posts instead with the same clientId, which the room stores once.
 */
import { useEffect, useRef } from "react";
import type { ClientFrame, ServerFrame } from "~/modules/realtime/protocol";
import type { SocketStatus } from "~/modules/realtime/use-room-socket";

/** How long a frame waits for the room's answer before the send goes by POST. */
export const SOCKET_ANSWER_MS = 4000;

export type SocketSendOutcome = { kind: "stored" } | { kind: "refused"; message: string } | { kind: "post" };

export function useSocketSends(
  chatId: string,
  socket: { status: SocketStatus; send: (frame: ClientFrame) => boolean },
) {
  const waiting = useRef(new Map<string, (outcome: SocketSendOutcome) => void>());

  // A socket that closes leaves its sends unanswered: they go by POST at once.
  useEffect(() => {
    if (socket.status === "open") return;
    for (const settle of [...waiting.current.values()]) settle({ kind: "post" });
  }, [socket.status]);

  return {
    /** Sends `content` as a frame; resolves with what the room said, or "post" to send it by POST. */
    send(content: string, clientId: string): Promise<SocketSendOutcome> {
      return new Promise((resolve) => {
        const timer = setTimeout(() => settle({ kind: "post" }), SOCKET_ANSWER_MS);
        const settle = (outcome: SocketSendOutcome) => {
          clearTimeout(timer);
          waiting.current.delete(clientId);
          resolve(outcome);
        };
        waiting.current.set(clientId, settle);
        if (!socket.send({ type: "send-message", chatId, content, clientId })) settle({ kind: "post" });
      });
    },
    /** The room's frames that answer a send: its delivery, or its refusal. */
    heard(frame: ServerFrame) {
      if (frame.type === "receive-message" && frame.message.clientId) {
        waiting.current.get(frame.message.clientId)?.({ kind: "stored" });
      } else if (frame.type === "error" && frame.clientId) {
        waiting.current.get(frame.clientId)?.({ kind: "refused", message: frame.message });
      } else if (frame.type === "error") {
        // Refused before the room read it (the connection's frame budget): the sends go by POST.
        for (const settle of [...waiting.current.values()]) settle({ kind: "post" });
      }
    },
  };
}
