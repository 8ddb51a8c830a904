/**
 * The chat's room (ADR 040, 043): the Durable Object a chat's messages are written by. A send's
 * path reads in this folder: here (frames, RPC, the hot path), rules.server.ts (who may send, the
 * limit), store.server.ts (the room's SQLite), mirror.server.ts (D1, then the recipients), and
 * send.server.ts (the Worker's hand-over). server.ts exports the class through party/index.ts;
 * nothing else in app/ imports it (lint), so `remix vite:dev` never loads partyserver.
 */
import { createDb, type Db } from "../../../../db/client";
import { AuthenticatedRoom, type RoomConnection } from "../../../../party/authenticated-room";
import { contextFor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import type {
  ChatMessage,
  ChatRoomRpc,
  ClientFrame,
  DeletedStandIn,
  RoomSend,
  RoomSendAnswer,
} from "~/modules/realtime/protocol";
import { createRealtime } from "~/modules/realtime/realtime.server";
import { markChatRead } from "../commands.server";
import { CATCH_UP_LIMIT, messagesAfter } from "../queries.server";
import { nameOf, PAGE_SIZE, toChatMessage } from "../rows.server";
import { CHAT_MESSAGES, SendMessageSchema } from "../schemas";
import { announceMirrored, mirrorMessages } from "./mirror.server";
import { blockStands, checkSender, loadRoomMembers, SEND_LIMIT, type RoomMember } from "./rules.server";
import { ChatStore } from "./store.server";

/** Members loaded longer ago than this are reloaded in the background (names and privacy change). */
const MEMBERS_MAX_AGE_MS = 60_000;
/** How long a message waits for others to share its mirror batch. */
const MIRROR_GATHER_MS = 20;
/** How many messages one mirror batch copies to D1. */
const MIRROR_BATCH = 50;
/** A safety alarm with each mirror batch, in case the room is evicted before the batch landed. */
const MIRROR_SAFETY_MS = 30_000;
/** Retry back-off after failed mirrors: 1 s, 2 s, 4 s ... up to a minute. */
const mirrorRetryMs = (failures: number) => Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));
/** How long the no-JS page's send waits for D1 to have its message before answering anyway. */
const WAIT_FOR_MIRROR_MS = 2000;

/**
 * One room per chat (room name = chat id): where a chat's messages are written (ADR 040). A
 * message, from a `send-message` frame or handed over by the Worker (`send`, RPC), is checked
 * against the members the room holds, stored in the room's own SQLite storage, delivered to the
 * room's sockets, and then mirrored to D1 (idempotent by id, retried by the room's alarm until it
 * lands). Catch-up after a reconnect reads the room's storage. Typing is relayed (not across a
 * block), never stored;
 * read marks go through the chats module to D1, as POST .../read does.
 */
export class ChatRoom extends AuthenticatedRoom implements ChatRoomRpc {
  protected readonly roomName = "ChatRoom";
  #store: ChatStore | undefined;
  #mirroring: Promise<void> | null = null;
  #mirrorSoon: Promise<void> | null = null;
  /** Bumped by membersChanged, so a reload that started before the change does not store stale members. */
  #membersVersion = 0;
  #reloading: { version: number; promise: Promise<RoomMember[]> } | null = null;

  private get store() {
    return (this.#store ??= new ChatStore(this.ctx.storage.sql, this.name));
  }

  /** The room's D1 (a method, so a test can make a mirror write fail and the bench can meter it). */
  protected db(): Db {
    return createDb(this.env.DB);
  }

  protected settlesBudgetLater(frame: ClientFrame) {
    return frame.type === "send-message" && frame.chatId === this.name;
  }

  protected async onFrame(connection: RoomConnection, userId: string, frame: Exclude<ClientFrame, { type: "ping" }>) {
    if (frame.chatId !== this.name) {
      this.send(connection, { type: "error", message: "This room is for another chat" });
      return;
    }
    try {
      switch (frame.type) {
        case "join-chat": {
          const missed = await this.missedSince(userId, frame.after);
          for (const message of missed) this.send(connection, { type: "receive-message", chatId: this.name, message });
          this.send(connection, { type: "joined", chatId: this.name, missed: missed.length });
          break;
        }
        case "send-message": {
          const clientId = frame.clientId ?? null;
          const answer = await this.take({ userId, content: frame.content, clientId });
          // Only a message stored now is the chat's limit's alone; a refusal or a resend costs a frame.
          if (!answer.ok || answer.retried) this.settleFrame(connection);
          if (!answer.ok) {
            this.send(connection, { type: "error", message: answer.message, ...(clientId && { clientId }) });
          } else if (answer.retried) {
            // Stored before (a resent frame): its delivery answers this connection only.
            this.send(connection, { type: "receive-message", chatId: this.name, message: answer.message });
          }
          break;
        }
        case "typing":
          // Across a block nothing reaches the other side, typing included (ADR 152).
          if (blockStands(await this.members())) break;
          await this.publish(
            { type: "user-typing", chatId: this.name, userId, isTyping: frame.isTyping },
            { exceptUser: userId },
          );
          break;
        case "mark-read":
          await markChatRead(this.contextFor(userId), { chatId: this.name, timestamp: frame.timestamp });
          break;
        default:
          frame satisfies never;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.send(connection, { type: "error", message: error.message });
    }
  }

  /** RPC from the Worker: a message sent by the page or /api (sendMessage in the chats module). */
  async sendMessage(input: RoomSend): Promise<RoomSendAnswer> {
    const answer = await this.take(input);
    if (answer.ok && input.waitForMirror) {
      await Promise.race([this.flushMirror(), new Promise((resolve) => setTimeout(resolve, WAIT_FOR_MIRROR_MS))]);
    }
    return answer;
  }

  /**
   * RPC from the Worker: the chat's memberships changed in D1. The room forgets the members it
   * held and reloads them now, in the background, so the next send rarely waits for D1 (only one
   * that arrives before the reload finished, which then waits for that same reload).
   */
  async membersChanged() {
    this.#membersVersion += 1;
    this.store.forgetMembers();
    this.ctx.waitUntil(this.reloadMembers().catch((error) => this.noteError("members", error)));
  }

  /** RPC from the Worker: a member deleted their account (ADR 150); then the members reload. */
  async forgetMember(userId: string, standIn: DeletedStandIn) {
    this.store.forgetSender(userId, standIn);
    this.endedSessions.forget(userId);
    await this.membersChanged();
  }

  /**
   * The hot path: check, store, deliver; D1 only afterwards (the mirror). The members come from the
   * room's storage (D1 only when the room holds none: a new room, or after membersChanged).
   */
  private async take(input: Omit<RoomSend, "waitForMirror">): Promise<RoomSendAnswer & { retried?: true }> {
    const members = await this.members();
    const allowed = checkSender(members, input.userId);
    if (!allowed.ok) return allowed;
    const parsed = SendMessageSchema.safeParse({ content: input.content, clientId: input.clientId ?? undefined });
    if (!parsed.success)
      return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? CHAT_MESSAGES.blank };
    const { content, clientId = null } = parsed.data;
    const retried = clientId ? this.store.byClientId(input.userId, clientId) : undefined;
    if (retried) return { ok: true, message: toChatMessage(retried, input.userId), retried: true };
    const now = Date.now();
    const limit = SEND_LIMIT.perMinute * this.appEnv.RATE_LIMIT_MULTIPLIER;
    if (this.store.sentSince(input.userId, now - SEND_LIMIT.windowMs) >= limit) {
      return { ok: false, status: 429, message: CHAT_MESSAGES.tooFast };
    }
    const row = this.store.newRow(allowed.sender, { content, clientId, now });
    this.store.insert(row);
    // Everyone, the sender's other sockets included, sees the name others see.
    const message = toChatMessage(row, input.userId);
    await this.publish({
      type: "receive-message",
      chatId: this.name,
      message: { ...message, senderName: nameOf(row) },
    });
    this.mirrorSoon(now);
    return { ok: true, message };
  }

  private async members(): Promise<RoomMember[]> {
    const held = this.store.members();
    if (!held) return this.reloadMembers();
    if (Date.now() - held.loadedAt > MEMBERS_MAX_AGE_MS) {
      this.ctx.waitUntil(this.reloadMembers().catch((error) => this.noteError("members", error)));
    }
    return held.list;
  }

  /** Loads the members from D1: one load at a time per version of the members (see membersChanged). */
  private reloadMembers(): Promise<RoomMember[]> {
    const version = this.#membersVersion;
    if (this.#reloading?.version === version) return this.#reloading.promise;
    const loadedAt = Date.now();
    const promise = loadRoomMembers(this.db(), this.name)
      .then((list) => {
        if (version === this.#membersVersion) this.store.setMembers(list, loadedAt);
        return list;
      })
      .finally(() => {
        if (this.#reloading?.promise === promise) this.#reloading = null;
      });
    this.#reloading = { version, promise };
    return promise;
  }

  /**
   * What a joining member may have missed, for a member of the chat only (one who deleted the
   * conversation has left it until they reopen it). After `after`, the newest message a
   * reconnecting client holds: from the room's storage when it holds that message; otherwise (a
   * message from before the room kept messages) from D1, plus whatever D1 does not have yet.
   * Without `after` (a page that shows no message yet, perhaps rendered from D1 before the mirror
   * brought the newest ones): the room's newest page of messages, which the browser merges by id.
   */
  private async missedSince(userId: string, after: string | undefined): Promise<ChatMessage[]> {
    const members = await this.members();
    if (!members.some((member) => member.userId === userId && member.visible)) {
      throw new DomainError(404, CHAT_MESSAGES.notFound);
    }
    if (!after) return this.store.newest(PAGE_SIZE).map((row) => toChatMessage(row, userId));
    const held = this.store.after(after, CATCH_UP_LIMIT);
    if (held) return held.map((row) => toChatMessage(row, userId));
    const fromD1 = await messagesAfter(this.contextFor(userId), { chatId: this.name, after });
    const known = new Set(fromD1.map((message) => message.id));
    const pending = this.store
      .unmirrored(CATCH_UP_LIMIT)
      .filter((row) => !known.has(row.id))
      .map((row) => toChatMessage(row, userId));
    return [...fromD1, ...pending].slice(0, CATCH_UP_LIMIT);
  }

  /**
   * Mirrors soon: messages sent within MIRROR_GATHER_MS of each other go to D1 in one batch (and
   * their recipients are told with one query), which keeps a busy chat's D1 work per batch, not
   * per message.
   */
  private mirrorSoon(now: number) {
    if (this.#mirrorSoon) return;
    this.#mirrorSoon = new Promise((resolve) => setTimeout(resolve, MIRROR_GATHER_MS)).then(() => {
      this.#mirrorSoon = null;
      return this.flushMirror();
    });
    this.ctx.waitUntil(this.#mirrorSoon);
    // The batch's first message sets the safety alarm; the others are stored before it fires.
    this.ctx.waitUntil(this.scheduleAlarm(now + MIRROR_SAFETY_MS));
  }

  /** Mirrors what D1 does not have yet; one flush at a time (a send during one is picked up by it). */
  private flushMirror() {
    return (this.#mirroring ??= this.mirrorPending().finally(() => {
      this.#mirroring = null;
    }));
  }

  private async mirrorPending() {
    for (;;) {
      const rows = this.store.unmirrored(MIRROR_BATCH);
      if (rows.length === 0) return;
      let inserted: Set<string>;
      try {
        inserted = await mirrorMessages(this.db(), this.name, rows);
      } catch (error) {
        const failures = this.store.mirrorFailures() + 1;
        this.store.setMirrorFailures(failures);
        // Reported on the first failure and every tenth after (the alarm retries until D1 answers).
        if (failures === 1 || failures % 10 === 0) this.noteError("mirror", error);
        await this.scheduleAlarm(Date.now() + mirrorRetryMs(failures));
        return;
      }
      this.store.markMirrored(rows.map((row) => row.id));
      this.store.setMirrorFailures(0);
      // Recipients' notices and unread counts read D1, so they follow the mirror (once per message).
      const news = rows
        .filter((row) => inserted.has(row.id))
        .map((row) => ({ ...toChatMessage(row, row.senderId ?? ""), senderName: nameOf(row) }));
      const announced = announceMirrored(this.contextFor(null), { chatId: this.name, messages: news });
      this.ctx.waitUntil(announced.catch((error) => this.noteError("notify", error)));
    }
  }

  /** The alarm retries a failed mirror (and catches one an eviction interrupted). */
  protected async onRoomAlarm() {
    await this.flushMirror();
  }

  /**
   * The chats domain's context for a member (null: the room's own work, the mirror's
   * announcements), built as the route kit builds a request's (`contextFor`): the room's D1, its
   * waitUntil, and the rooms, this one published to directly. Rooms act with a member's rights
   * only (the Worker does not forward the role): no chat rule depends on it.
   */
  private contextFor(userId: string | null): Ctx {
    const services = {
      db: this.db(),
      env: this.appEnv,
      realtime: createRealtime(this.env, {
        chatId: this.name,
        publish: (frame, options) => this.publish(frame, options),
      }),
      waitUntil: (promise: Promise<unknown>) => this.ctx.waitUntil(promise),
      notifications: this.env.NOTIFICATIONS,
    };
    return contextFor(services, userId === null ? null : { id: userId, isAdmin: false });
  }
}
