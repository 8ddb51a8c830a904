/**
 * The soak's chat: members in pairs, each holding a socket in their chat's room and speaking the
 * app's protocol as its client does (app/modules/realtime/use-room-socket.ts, use-chat-room.ts,
 * use-socket-sends.ts): `join-chat` with the newest message held on every (re)connect, typing
 * frames before a message, `send-message` with a clientId, `mark-read` once a message was seen;
 * a closed socket reconnects (1 s, doubling, at most 5 s apart) and resends its unanswered sends
 * with the same clientId. The ledger keeps every send and delivery: a message is lost when the room
 * acknowledged it (the sender's own delivery) but it never reached its recipient, live or by
 * catch-up, nor is in the recipient's stored history at the end; duplicated when it reached the
 * recipient twice or is stored twice.
 */
import WebSocket from "ws";

interface SentMessage {
  chatId: string;
  sender: string;
  recipient: string;
  sentAt: number;
  /** The room's id for it, once the sender's own delivery acknowledged it. */
  messageId: string | null;
  refused: string | null;
  /** Acknowledged before the server restarted. */
  beforeRestart: boolean;
}

/** This run's mark in every clientId: a reused database (--no-seed) holds earlier runs' messages. */
const RUN = Date.now().toString(36);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export class ChatLedger {
  readonly sent = new Map<string, SentMessage>();
  /** recipient|messageId: how often it arrived. */
  readonly deliveries = new Map<string, number>();
  readonly latencies: number[] = [];
  typingSent = 0;
  typingHeard = 0;
  readMarks = 0;
  reconnects = 0;
  restarted = false;
  /** clientIds by message id, from the histories read at the end. */
  readonly stored = new Map<string, string[]>();
  /** Per recipient, the message ids in their stored history. */
  readonly history = new Set<string>();

  /** How each duplicate's two deliveries came: "live" or "catch-up" (between welcome and joined). */
  readonly duplicateWays = new Map<string, number>();
  readonly #ways = new Map<string, string>();

  delivered(recipient: string, messageId: string, clientId: string | null, way: "live" | "catch-up") {
    const key = `${recipient}|${messageId}`;
    const times = (this.deliveries.get(key) ?? 0) + 1;
    if (times > 1) {
      const ways = `${this.#ways.get(key)} then ${way}`;
      this.duplicateWays.set(ways, (this.duplicateWays.get(ways) ?? 0) + 1);
    } else this.#ways.set(key, way);
    this.deliveries.set(key, times);
    const sent = clientId ? this.sent.get(clientId) : undefined;
    if (times === 1 && sent) this.latencies.push(performance.now() - sent.sentAt);
  }

  /** Whether the ledger has seen every acknowledged message at its recipient (to end the grace period). */
  settled() {
    for (const message of this.sent.values()) {
      if (message.messageId && !this.deliveries.has(`${message.recipient}|${message.messageId}`)) return false;
    }
    return true;
  }

  summary() {
    const all = [...this.sent.values()];
    const acked = all.filter((message) => message.messageId);
    const arrived = (message: SentMessage) => this.deliveries.has(`${message.recipient}|${message.messageId}`);
    const inHistory = (message: SentMessage) => this.history.has(`${message.recipient}|${message.messageId}`);
    const storedTwice = [...this.stored.values()].filter((ids) => ids.length > 1).length;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      sent: all.length,
      acknowledged: acked.length,
      refused: all.filter((message) => message.refused).length,
      unanswered: all.filter((message) => !message.messageId && !message.refused).length,
      delivered: acked.filter(arrived).length,
      lost: acked.filter((message) => !arrived(message) && !inHistory(message)).length,
      duplicated: [...this.deliveries.values()].filter((times) => times > 1).length + storedTwice,
      "not in history": acked.filter((message) => !inHistory(message)).length,
      "acked before restart, not in history": acked.filter((m) => m.beforeRestart && !inHistory(m)).length,
      "stored twice": storedTwice,
      "delivery p50 ms": percentile(sorted, 50).toFixed(1),
      "delivery p99 ms": percentile(sorted, 99).toFixed(1),
      "typing sent/heard": `${this.typingSent}/${this.typingHeard}`,
      "read marks": this.readMarks,
      reconnects: this.reconnects,
      ...(this.duplicateWays.size > 0 && { "duplicates came": JSON.stringify(Object.fromEntries(this.duplicateWays)) }),
    };
  }

  /** Marks every message acknowledged so far as acknowledged before the restart. */
  markRestart() {
    this.restarted = true;
    for (const message of this.sent.values()) if (message.messageId) message.beforeRestart = true;
  }
}

type Frame = {
  type: string;
  message?: { id: string; clientId: string | null; sender: string | null; content: string } | string;
  clientId?: string;
};

/** One member's socket in one chat's room. */
export class ChatClient {
  #socket: WebSocket | null = null;
  #open = false;
  #stopped = false;
  #retry = 0;
  #newestId: string | undefined;
  #seq = 0;
  /** Sends not answered yet, by clientId: resent after a reconnect. */
  readonly #pending = new Map<string, string>();
  #unread = false;

  constructor(
    private readonly origin: () => string,
    private readonly chatId: string,
    private readonly me: { id: string; token: string },
    private readonly other: string,
    private readonly ledger: ChatLedger,
  ) {}

  connect() {
    if (this.#stopped) return;
    const url = `${this.origin().replace(/^http/, "ws")}/parties/chat-room/${this.chatId}`;
    const socket = new WebSocket(url, { headers: { Authorization: `Bearer ${this.me.token}`, Origin: this.origin() } });
    this.#socket = socket;
    socket.on("message", (data) => this.onFrame(JSON.parse(String(data)) as Frame));
    socket.on("error", () => {});
    socket.on("close", () => {
      this.#open = false;
      if (this.#stopped) return;
      // partysocket's schedule as the app sets it (SOCKET_RECONNECT): 1 s, doubling, at most 5 s.
      const delay = Math.min(5000, 1000 * 2 ** this.#retry++);
      this.ledger.reconnects += 1;
      setTimeout(() => this.connect(), delay);
    });
  }

  private send(frame: Record<string, unknown>) {
    if (this.#open && this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(frame));
  }

  private onFrame(frame: Frame) {
    if (frame.type === "welcome") {
      this.#socket!.send(JSON.stringify({ type: "join-chat", chatId: this.chatId, after: this.#newestId }));
      return;
    }
    if (frame.type === "joined") {
      this.#open = true;
      this.#retry = 0;
      for (const [clientId, content] of this.#pending) {
        this.send({ type: "send-message", chatId: this.chatId, content, clientId });
      }
      return;
    }
    if (frame.type === "user-typing") this.ledger.typingHeard += 1;
    if (frame.type === "error" && frame.clientId && this.#pending.has(frame.clientId)) {
      this.#pending.delete(frame.clientId);
      const sent = this.ledger.sent.get(frame.clientId);
      if (sent) sent.refused = typeof frame.message === "string" ? frame.message : "refused";
      return;
    }
    if (frame.type !== "receive-message" || typeof frame.message !== "object") return;
    const message = frame.message;
    this.#newestId = message.id;
    if (message.sender === this.me.id) {
      if (message.clientId && this.#pending.delete(message.clientId)) {
        const sent = this.ledger.sent.get(message.clientId);
        if (sent) sent.messageId = message.id;
      }
      return;
    }
    // Messages of earlier runs (--no-seed) are history, not this run's deliveries.
    if (message.clientId && this.ledger.sent.has(message.clientId)) {
      this.ledger.delivered(this.me.id, message.id, message.clientId, this.#open ? "live" : "catch-up");
    }
    this.#unread = true;
  }

  /** One turn of the conversation: typing, then a message; sometimes a read mark. */
  async speak(pause: (ms: number) => Promise<void>) {
    this.send({ type: "typing", chatId: this.chatId, isTyping: true });
    if (this.#open) this.ledger.typingSent += 1;
    await pause(300 + Math.random() * 700);
    const clientId = `soak-${RUN}-${this.me.id.slice(-8)}-${++this.#seq}`;
    const content = `soak message ${this.#seq} from ${this.me.id}`;
    this.ledger.sent.set(clientId, {
      chatId: this.chatId,
      sender: this.me.id,
      recipient: this.other,
      sentAt: performance.now(),
      messageId: null,
      refused: null,
      beforeRestart: false,
    });
    this.#pending.set(clientId, content);
    this.send({ type: "send-message", chatId: this.chatId, content, clientId });
    if (this.#unread && this.#open) {
      this.#unread = false;
      this.ledger.readMarks += 1;
      this.send({ type: "mark-read", chatId: this.chatId, timestamp: Date.now() });
    }
  }

  close() {
    this.#stopped = true;
    this.#socket?.close();
  }
}
