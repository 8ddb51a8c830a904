import { Server, type Connection, type ConnectionContext } from "partyserver";
import {
  CLOSE_NOT_AUTHENTICATED,
  CLOSE_SESSION_ENDED,
  FRAME_BURST,
  FRAME_REFILL_PER_SECOND,
  parseClientFrame,
  SESSION_CHECKED_HEADER,
  SESSION_END_GRACE_MS,
  SESSION_EXPIRES_HEADER,
  USER_ID_HEADER,
  type ClientFrame,
  type RoomRpc,
  type ServerFrame,
} from "../app/modules/realtime/protocol";
import type { RoomName } from "../app/modules/realtime/rooms";
import { logInvocation, noteUnexpected, startInvocation } from "../app/core/log";
import { errorReporter } from "../app/http/error-report.server";
import { parseEnv, type AppEnv } from "../app/utils/env.server";

/** What a frame that failed unexpectedly answers. */
const ROOM_FAILURE = "Something went wrong. Please try again.";

/**
 * What a connection carries across hibernation (setState, at most 2 KB): who it is, when its
 * session was checked and when it expires, and its frame budget (a token bucket) so a burst cannot
 * be reset by the room sleeping.
 */
export type ConnectionState = { userId: string; checkedAt: number; expiresAt: number; tokens: number; at: number };
export type RoomConnection = Connection<ConnectionState>;

/**
 * A room whose connections were authenticated by the Worker (party/gate.ts) before reaching it. The
 * identity is kept with `setState` so it survives hibernation, and each connection is tagged with
 * its user id so a user's sockets can be found (and closed) without scanning state.
 */
export abstract class AuthenticatedRoom extends Server<Env> implements RoomRpc {
  static options = { hibernate: true };
  #env: AppEnv | undefined;
  #endedSessions: SessionsEnded | undefined;

  /** When each user's sessions last ended here (the room's storage, so it outlives hibernation). */
  protected get endedSessions() {
    return (this.#endedSessions ??= new SessionsEnded(this.ctx.storage.sql));
  }

  /** The room's registry name, for logs and error reports (class names do not survive the bundle). */
  protected abstract readonly roomName: RoomName;

  /** The app's validated environment (parsed once per instance). */
  protected get appEnv() {
    return (this.#env ??= parseEnv(this.env as unknown as Record<string, unknown>));
  }

  getConnectionTags(_connection: Connection, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get(USER_ID_HEADER);
    return userId ? [userId] : [];
  }

  /**
   * One event of the room, observed as the Worker's requests are (ADR 065): a request id, a log
   * line when it ends, and an unexpected error logged and reported before it goes on as before.
   */
  protected async observe<T>(event: string, userId: string | null, run: () => Promise<T> | T): Promise<T> {
    const invocation = startInvocation("room", `room:${this.roomName}:${event}`, {
      userId,
      report: errorReporter(this.env, (promise) => this.ctx.waitUntil(promise)),
    });
    let failed = false;
    try {
      return await run();
    } catch (error) {
      failed = true;
      noteUnexpected(invocation, error, "room");
      throw error;
    } finally {
      logInvocation(invocation, { failed, d1Calls: null });
    }
  }

  /** An error the room handles itself (it retries, or the work was best effort): still logged and reported. */
  protected noteError(event: string, error: unknown) {
    void this.observe(event, null, () => Promise.reject(error)).catch(() => {});
  }

  /** RPC from the Worker's health check: the room answers. */
  async ping() {
    return true;
  }

  async onConnect(connection: RoomConnection, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get(USER_ID_HEADER);
    await this.observe("connect", userId, () => this.admit(connection, ctx));
  }

  private async admit(connection: RoomConnection, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get(USER_ID_HEADER);
    const expiresAt = Number(ctx.request.headers.get(SESSION_EXPIRES_HEADER));
    const checkedAt = Number(ctx.request.headers.get(SESSION_CHECKED_HEADER) ?? Number.NaN);
    if (!userId || !Number.isFinite(expiresAt) || expiresAt <= Date.now() || !Number.isFinite(checkedAt)) {
      connection.close(CLOSE_NOT_AUTHENTICATED, "Not authenticated");
      return;
    }
    // Checked by the Worker before the sessions ended here, and arriving after: refused.
    if (this.endedSessions.endedFor({ userId, checkedAt })) {
      connection.close(CLOSE_SESSION_ENDED, "Session ended");
      return;
    }
    connection.setState({
      userId,
      checkedAt,
      expiresAt,
      tokens: FRAME_BURST * this.appEnv.RATE_LIMIT_MULTIPLIER,
      at: Date.now(),
    });
    this.send(connection, { type: "welcome", userId, room: this.name });
    await this.scheduleAlarm(expiresAt);
  }

  async onMessage(connection: RoomConnection, raw: string | ArrayBuffer) {
    try {
      await this.observe("message", connection.state?.userId ?? null, () => this.receive(connection, raw));
    } catch {
      // Logged and reported by observe; the sender hears that it failed, nothing internal.
      this.send(connection, { type: "error", message: ROOM_FAILURE });
    }
  }

  private async receive(connection: RoomConnection, raw: string | ArrayBuffer) {
    const state = connection.state;
    if (!state?.userId) {
      this.send(connection, { type: "error", message: "Not authenticated" });
      return;
    }
    // A socket the room is closing (its session ended) is heard no more.
    if (connection.readyState !== WebSocket.OPEN) return;
    if (state.expiresAt <= Date.now()) {
      connection.close(CLOSE_SESSION_ENDED, "Session expired");
      return;
    }
    if (this.endedSessions.endedFor(state)) {
      connection.close(CLOSE_SESSION_ENDED, "Session ended");
      return;
    }
    const frame = parseClientFrame(raw);
    // One limit per abuse: a message the room stores counts against its chat's message limit (the
    // room's, which every door shares: frame, form post, /api), every other frame against the
    // connection's budget. A frame the subclass settles later (a send) only needs a token left
    // here; the subclass spends one when the frame stored nothing (settleFrame).
    const settledLater = !("error" in frame) && this.settlesBudgetLater(frame);
    if (!(settledLater ? this.tokensLeft(state) >= 1 : this.spendToken(connection))) {
      this.send(connection, { type: "error", message: "Too many messages. Please slow down." });
      return;
    }
    if ("error" in frame) {
      this.send(connection, { type: "error", message: frame.error });
      return;
    }
    if (frame.type === "ping") {
      this.send(connection, { type: "pong", id: frame.id, userId: state.userId });
      return;
    }
    await this.onFrame(connection, state.userId, frame);
  }

  /** A parsed frame other than ping, from an authenticated connection within its budget. */
  protected abstract onFrame(
    connection: RoomConnection,
    userId: string,
    frame: Exclude<ClientFrame, { type: "ping" }>,
  ): Promise<void> | void;

  /**
   * Token bucket for the frames that cost the room work without storing anything (typing, read
   * marks, joins, pings, malformed ones): about 1 frame/s sustained, bursts of 10 (scaled by
   * RATE_LIMIT_MULTIPLIER, as every limit is).
   */
  /**
   * Whether `frame` spends its token only once the subclass knows what it did (settleFrame):
   * none by default. The chat room's sends to its own chat, so a stored message meets the chat's
   * message limit alone, while a refused or resent one still costs the connection's budget.
   */
  protected settlesBudgetLater(_frame: ClientFrame): boolean {
    return false;
  }

  /** Spends the token of a frame settled later (settlesBudgetLater) that stored nothing. */
  protected settleFrame(connection: RoomConnection) {
    this.spendToken(connection);
  }

  private tokensLeft(state: ConnectionState, now = Date.now()) {
    const scale = this.appEnv.RATE_LIMIT_MULTIPLIER;
    const refilled = state.tokens + ((now - state.at) / 1000) * FRAME_REFILL_PER_SECOND * scale;
    return Math.min(FRAME_BURST * scale, refilled);
  }

  private spendToken(connection: RoomConnection) {
    const state = connection.state;
    if (!state) return false;
    const now = Date.now();
    const tokens = this.tokensLeft(state, now);
    const allowed = tokens >= 1;
    connection.setState({ ...state, tokens: allowed ? tokens - 1 : tokens, at: now });
    return allowed;
  }

  /** A frame to one connection; one that closed meanwhile (during an await) is skipped: it catches up. */
  protected send(connection: Connection, frame: ServerFrame) {
    if (connection.readyState !== WebSocket.OPEN) return;
    try {
      connection.send(JSON.stringify(frame));
    } catch {
      // Closed between the check and the send.
    }
  }

  /**
   * RPC from the Worker (and the room's own delivery): a frame to everyone here or to one user's sockets.
   * Goes straight to the hibernation API's sockets (tagged by user id at connect): partyserver's
   * connection iterator would deserialize every socket's attachment on every broadcast.
   */
  async publish(frame: ServerFrame, options: { toUser?: string; exceptUser?: string } = {}) {
    const text = JSON.stringify(frame);
    const skip = options.exceptUser ? new Set(this.ctx.getWebSockets(options.exceptUser)) : undefined;
    let sent = 0;
    for (const socket of this.ctx.getWebSockets(options.toUser)) {
      if (socket.readyState !== WebSocket.OPEN || skip?.has(socket)) continue;
      try {
        socket.send(text);
        sent += 1;
      } catch {
        // Closed between the check and the send: it catches up when it reconnects.
      }
    }
    return sent;
  }

  /**
   * The room's one alarm serves everything that must happen later: it is moved earlier, never
   * later, so each caller's time is kept (an alarm that finds nothing to do is harmless).
   */
  protected async scheduleAlarm(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(at);
  }

  /**
   * Sessions end on their own too: an alarm at the earliest session expiry among the connections
   * closes the expired ones (a reconnect is then refused by the Worker unless the session slid on).
   * Then the room's own work (`onRoomAlarm`).
   */
  async onAlarm() {
    await this.observe("alarm", null, () => this.ring());
  }

  private async ring() {
    const now = Date.now();
    let next = Infinity;
    for (const connection of this.getConnections<ConnectionState>()) {
      const expiresAt = connection.state?.expiresAt ?? 0;
      if (expiresAt <= now) connection.close(CLOSE_SESSION_ENDED, "Session expired");
      else next = Math.min(next, expiresAt);
    }
    if (next !== Infinity) await this.scheduleAlarm(next);
    await this.onRoomAlarm();
  }

  /** What a room does at its alarm besides ending expired sessions (which schedules its own). */
  protected async onRoomAlarm(): Promise<void> {}

  /**
   * RPC from the Worker: a user's sessions ended (sign-out, password reset or change, email revert,
   * deactivation, deletion). From now on the room hears no frame from their sockets and admits no
   * connection whose session was checked before now; the sockets are told `session-ended` (the
   * browser closes its own at once, see SESSION_END_GRACE_MS) and closed by the room after the grace.
   */
  async closeUser(userId: string) {
    this.endedSessions.end(userId, Date.now());
    const sockets = [...this.getConnections(userId)];
    for (const connection of sockets) this.send(connection, { type: "session-ended" });
    const closeRest = new Promise((resolve) => setTimeout(resolve, SESSION_END_GRACE_MS)).then(() => {
      for (const connection of sockets) {
        if (connection.readyState === WebSocket.OPEN) connection.close(CLOSE_SESSION_ENDED, "Session ended");
      }
    });
    this.ctx.waitUntil(closeRest);
    return sockets.length;
  }
}

/**
 * When each user's sessions last ended in a room: a connection whose session the Worker checked
 * before then is no longer heard (the race of a connection that was admitted just before sign-out
 * and reaches the room just after). A row per user who ever signed out here, so a handful per room.
 */
class SessionsEnded {
  constructor(private readonly sql: SqlStorage) {
    sql.exec("CREATE TABLE IF NOT EXISTS sessions_ended (user_id TEXT PRIMARY KEY, at INTEGER NOT NULL)");
  }

  end(userId: string, at: number) {
    this.sql.exec(
      "INSERT INTO sessions_ended (user_id, at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET at = excluded.at",
      userId,
      at,
    );
  }

  /** A deleted account leaves no row (ADR 153): the room forgets them once their sockets are told. */
  forget(userId: string) {
    this.sql.exec("DELETE FROM sessions_ended WHERE user_id = ?", userId);
  }

  endedFor(connection: { userId: string; checkedAt: number }) {
    const row = this.sql
      .exec<{ at: number }>("SELECT at FROM sessions_ended WHERE user_id = ?", connection.userId)
      .toArray()[0];
    return row !== undefined && connection.checkedAt <= row.at;
  }
}
