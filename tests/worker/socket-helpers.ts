import { env } from "cloudflare:test";
import { SESSION_CHECKED_HEADER, SESSION_EXPIRES_HEADER, USER_ID_HEADER } from "~/modules/realtime/protocol";
import { partyOf, type RoomName } from "~/modules/realtime/rooms";
import { fetchPath, ORIGIN } from "./helpers";

type Frame = { type: string } & Record<string, unknown>;

/** Records what a socket receives and how it closes, then accepts it. */
function listen(socket: WebSocket) {
  const frames: Frame[] = [];
  const closed: { code: number; reason: string }[] = [];
  socket.addEventListener("message", (event) => {
    frames.push(JSON.parse(String(event.data)) as Frame);
  });
  socket.addEventListener("close", (event) => {
    closed.push({ code: event.code, reason: event.reason });
  });
  socket.accept();
  return { socket, frames, closed };
}

/** Opens a WebSocket to a party room through the Worker; returns the response and, on 101, the socket. */
export async function connect(path: string, headers: Record<string, string> = {}) {
  const response = await fetchPath(path, { headers: { Upgrade: "websocket", Origin: ORIGIN, ...headers } });
  const socket = response.webSocket;
  if (!socket)
    return { response, socket: null, frames: [] as Frame[], closed: [] as { code: number; reason: string }[] };
  return { response, ...listen(socket) };
}

/**
 * Opens a WebSocket straight into a room, as the gate (party/gate.ts) forwards one it admitted:
 * for what a room does with a connection whatever the gate would say now (a session checked at
 * `checkedAt`, a member who has left since).
 */
export async function connectPastTheGate(room: RoomName, name: string, userId: string, checkedAt = Date.now()) {
  const response = await env[room].getByName(name).fetch(
    new Request(`${ORIGIN}/parties/${partyOf(room)}/${name}`, {
      headers: {
        Upgrade: "websocket",
        "x-partykit-room": name,
        [USER_ID_HEADER]: userId,
        [SESSION_CHECKED_HEADER]: String(checkedAt),
        [SESSION_EXPIRES_HEADER]: String(Date.now() + 60_000),
      },
    }),
  );
  return listen(response.webSocket!);
}

/** Polls until `read` returns a value (or throws after the timeout). */
export async function waitFor<T>(read: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Polls until an async check holds (or throws after the timeout). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 3000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Every frame of a type received so far. */
export const framesOf = (frames: Frame[], type: string) => frames.filter((frame) => frame.type === type);

/** Waits a little so that a frame that should not arrive would have. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
