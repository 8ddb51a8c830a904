import { fetchPath, ORIGIN } from "./helpers";

type Frame = { type: string } & Record<string, unknown>;

/** Opens a WebSocket to a party room through the Worker; returns the response and, on 101, the socket. */
export async function connect(path: string, headers: Record<string, string> = {}) {
  const response = await fetchPath(path, { headers: { Upgrade: "websocket", Origin: ORIGIN, ...headers } });
  const socket = response.webSocket;
  const frames: Frame[] = [];
  const closed: { code: number; reason: string }[] = [];
  if (!socket) return { response, socket: null, frames, closed };
  socket.addEventListener("message", (event) => {
    frames.push(JSON.parse(String(event.data)) as Frame);
  });
  socket.addEventListener("close", (event) => {
    closed.push({ code: event.code, reason: event.reason });
  });
  socket.accept();
  return { response, socket, frames, closed };
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
