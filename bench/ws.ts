/**
 * WebSocket fan-out bench: C clients in one room on loopback, one sender sending R messages/s for
 * D seconds, measuring each delivery's latency from the moment the sender sent. Run against
 * Cardshare, whose ChatRoom Durable Object stores each message in its own SQLite, delivers it and
 * then mirrors it to D1 (ADR 040), sent two ways: a `send-message` frame over the sender's sockets,
 * and POST /api/chats/{id}/messages (as the app's composer does: the Worker authenticates, then
 * hands it to the room by RPC); and against a Socket.IO server that writes each message to SQLite
 * before broadcasting it (POSTed over HTTP too).
 */
import { io as ioClient, type Socket } from "socket.io-client";
import WebSocket from "ws";

export interface WsBenchOptions {
  clients: number;
  rate: number;
  duration: number;
}

export interface WsBenchResult {
  sent: number;
  /** Sends the server refused or failed (their deliveries count as drops). */
  failedPosts: number;
  expected: number;
  received: number;
  drops: number;
  p50: number;
  p99: number;
  max: number;
  /** The sender's round trip (POST to response, or frame to the room's echo), p50 and p99. */
  postP50: number;
  postP99: number;
  /** Per message, first delivery (p50) and the time from its first to its last delivery (p50). */
  firstP50: number;
  spreadP50: number;
}

interface Target {
  /** Opens one receiving client; resolves once it has joined; calls `onMessage` with each content. */
  open(onMessage: (content: string) => void): Promise<() => void>;
  /** Posts one message. */
  post(content: string): Promise<void>;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function drive(target: Target, options: WsBenchOptions): Promise<WsBenchResult> {
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const postTimes: number[] = [];
  const firstAt = new Map<number, number>();
  const lastAt = new Map<number, number>();
  const closers: (() => void)[] = [];
  for (let index = 0; index < options.clients; index++) {
    closers.push(
      await target.open((content) => {
        const seq = Number(content.replace("bench ", ""));
        const started = sentAt.get(seq);
        if (started === undefined) return;
        const now = performance.now();
        latencies.push(now - started);
        if (!firstAt.has(seq)) firstAt.set(seq, now - started);
        lastAt.set(seq, now - started);
      }),
    );
  }
  const total = Math.round(options.rate * options.duration);
  const interval = 1000 / options.rate;
  const begin = performance.now();
  const posts: Promise<void>[] = [];
  let failedPosts = 0;
  for (let seq = 0; seq < total; seq++) {
    const due = begin + seq * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const started = performance.now();
    sentAt.set(seq, started);
    posts.push(
      target.post(`bench ${seq}`).then(
        () => void postTimes.push(performance.now() - started),
        (error: Error) => {
          failedPosts += 1;
          console.warn(error.message);
        },
      ),
    );
  }
  await Promise.all(posts);
  // Grace period for the last deliveries.
  const expected = total * options.clients;
  const deadline = performance.now() + 5000;
  while (latencies.length < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  for (const close of closers) close();
  const sorted = [...latencies].sort((a, b) => a - b);
  const sortedPosts = [...postTimes].sort((a, b) => a - b);
  const firsts = [...firstAt.values()].sort((a, b) => a - b);
  const spreads = [...firstAt.entries()].map(([seq, first]) => lastAt.get(seq)! - first).sort((a, b) => a - b);
  return {
    sent: total,
    failedPosts,
    expected,
    received: latencies.length,
    drops: expected - latencies.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    postP50: percentile(sortedPosts, 50),
    postP99: percentile(sortedPosts, 99),
    firstP50: percentile(firsts, 50),
    spreadP50: percentile(spreads, 50),
  };
}

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

type Account = { email: string; password: string };

/** Two demo users signed in over /api, and the direct chat between them. */
async function openChat(origin: string, accounts: { sender: Account; recipient: Account }) {
  const login = async (account: Account) =>
    (await json(
      await fetch(`${origin}/api/users/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(account),
      }),
    )) as { token: string; user: { _id: string } };
  const sender = await login(accounts.sender);
  const recipient = await login(accounts.recipient);
  const { id: chatId } = (await json(
    await fetch(`${origin}/api/chats`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${sender.token}` },
      body: JSON.stringify({ targetUserId: recipient.user._id }),
    }),
  )) as { id: string };
  return { sender, recipient, chatId, wsUrl: `${origin.replace(/^http/, "ws")}/parties/chat-room/${chatId}` };
}

type RoomFrame = { type: string; message?: { content: string; clientId: string | null } | string; clientId?: string };

/**
 * One socket in the chat's room; resolves once the room has welcomed it. `headers` are sent with
 * the upgrade (the bench's D1 distance, which the room then applies to its own D1 calls).
 */
function openRoomSocket(
  origin: string,
  wsUrl: string,
  token: string,
  onFrame: (frame: RoomFrame) => void,
  headers: Record<string, string> = {},
) {
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { headers: { Authorization: `Bearer ${token}`, Origin: origin, ...headers } });
    socket.on("error", reject);
    socket.on("message", (data) => {
      const frame = JSON.parse(String(data)) as RoomFrame;
      if (frame.type === "welcome") resolve(socket);
      else onFrame(frame);
    });
  });
}

/**
 * The sender's sockets: one, like a member's one open chat. The bench's server runs with
 * RATE_LIMIT_MULTIPLIER 100, which lifts the per-connection frame budget (1/s) as it lifts the
 * message limit.
 */
const SENDER_SOCKETS = 1;

/** How a Cardshare message is sent, and the headers that simulate D1's distance (or none). */
export type CardshareSend = { via: "socket" | "post"; headers?: Record<string, string> };

/**
 * Cardshare: two demo users, a direct chat, C sockets of the recipient in the chat's room; the
 * sender sends over its socket (which receives every message too; a send completes when the room
 * echoes it back) or by POST.
 */
export async function benchCardshare(
  origin: string,
  accounts: { sender: Account; recipient: Account },
  options: WsBenchOptions,
  send: CardshareSend,
) {
  const { sender, recipient, chatId, wsUrl } = await openChat(origin, accounts);
  const headers = send.headers ?? {};
  const waiting = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const senders =
    send.via === "socket"
      ? await Promise.all(
          Array.from({ length: SENDER_SOCKETS }, () =>
            openRoomSocket(
              origin,
              wsUrl,
              sender.token,
              (frame) => {
                const clientId =
                  frame.type === "receive-message" && typeof frame.message === "object"
                    ? frame.message.clientId
                    : frame.clientId;
                const entry = clientId ? waiting.get(clientId) : undefined;
                if (!entry || !clientId) return;
                waiting.delete(clientId);
                if (frame.type === "error") entry.reject(new Error(`room refused: ${String(frame.message)}`));
                else entry.resolve();
              },
              headers,
            ),
          ),
        )
      : [];
  const result = await drive(
    {
      open: async (onMessage) => {
        const socket = await openRoomSocket(
          origin,
          wsUrl,
          recipient.token,
          (frame) => {
            if (frame.type === "receive-message" && typeof frame.message === "object") onMessage(frame.message.content);
          },
          headers,
        );
        return () => socket.close();
      },
      post: async (content) => {
        const seq = Number(content.replace("bench ", ""));
        if (send.via === "socket") {
          const clientId = `bench-${Date.now()}-${seq}`;
          const echoed = new Promise<void>((resolve, reject) => waiting.set(clientId, { resolve, reject }));
          senders[seq % senders.length].send(JSON.stringify({ type: "send-message", chatId, content, clientId }));
          return echoed;
        }
        await json(
          await fetch(`${origin}/api/chats/${chatId}/messages`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${sender.token}`, ...headers },
            body: JSON.stringify({ content }),
          }),
        );
      },
    },
    options,
  );
  for (const socket of senders) socket.close();
  return result;
}

/**
 * The runtime's floor under the same load: the sender's `typing` frames over its socket, fanned
 * out by the same ChatRoom to the same C sockets, with no HTTP request and no storage write.
 * Typing frames carry no sequence number, so each client numbers the ones it receives in order.
 */
export async function benchRoomFloor(
  origin: string,
  accounts: { sender: Account; recipient: Account },
  options: WsBenchOptions,
) {
  const { sender, recipient, chatId, wsUrl } = await openChat(origin, accounts);
  const senders = await Promise.all(
    Array.from({ length: SENDER_SOCKETS }, () => openRoomSocket(origin, wsUrl, sender.token, () => {})),
  );
  const result = await drive(
    {
      open: async (onMessage) => {
        let received = 0;
        const socket = await openRoomSocket(origin, wsUrl, recipient.token, (frame) => {
          if (frame.type === "user-typing") onMessage(`bench ${received++}`);
        });
        return () => socket.close();
      },
      post: async (content) => {
        const seq = Number(content.replace("bench ", ""));
        senders[seq % senders.length].send(JSON.stringify({ type: "typing", chatId, isTyping: seq % 2 === 0 }));
      },
    },
    options,
  );
  for (const socket of senders) socket.close();
  return result;
}

/** The Socket.IO baseline, driven the same way. */
export async function benchSocketIo(origin: string, options: WsBenchOptions) {
  const room = "bench-room";
  return drive(
    {
      open: (onMessage) =>
        new Promise((resolve, reject) => {
          const socket: Socket = ioClient(origin, { transports: ["websocket"], forceNew: true, reconnection: false });
          socket.on("connect_error", reject);
          socket.on("connect", () => socket.emit("join-chat", room));
          socket.on("joined", () => resolve(() => socket.close()));
          socket.on("receive-message", (frame: { message: { content: string } }) => onMessage(frame.message.content));
        }),
      post: async (content) => {
        await json(
          await fetch(`${origin}/rooms/${room}/messages`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ content }),
          }),
        );
      },
    },
    options,
  );
}
