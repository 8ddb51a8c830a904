/**
 * A chat room's own storage (ADR 040): the room's SQLite database (a SQLite-backed Durable Object,
 * `new_sqlite_classes` in wrangler.toml), read and written synchronously, so storing a message
 * never waits on a network. It holds the chat's messages (with the sender's name as it was sent,
 * and whether D1 has the message yet: the mirror's queue), and the chat's members as D1 last said.
 */
import { createId } from "../../../../db/id";
import type { MessageRow } from "../rows.server";
import type { RoomMember } from "./rules.server";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS messages (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    sender_id TEXT,
    content TEXT NOT NULL,
    client_id TEXT,
    created_at INTEGER NOT NULL,
    sender_first_name TEXT,
    sender_last_name TEXT,
    sender_username TEXT,
    sender_show_full_name INTEGER,
    mirrored INTEGER NOT NULL DEFAULT 0
  )`,
  // A retried send (same sender and clientId) is stored once.
  `CREATE UNIQUE INDEX IF NOT EXISTS messages_client ON messages (sender_id, client_id) WHERE client_id IS NOT NULL`,
  // The rate limit counts a sender's messages of the last minute.
  `CREATE INDEX IF NOT EXISTS messages_sender_time ON messages (sender_id, created_at)`,
  // The mirror's queue: what D1 does not have yet, oldest first.
  `CREATE INDEX IF NOT EXISTS messages_unmirrored ON messages (seq) WHERE mirrored = 0`,
  `CREATE TABLE IF NOT EXISTS members (
    user_id TEXT PRIMARY KEY,
    visible INTEGER NOT NULL,
    first_name TEXT,
    last_name TEXT,
    username TEXT,
    show_full_name INTEGER
  )`,
  // The members who block another member of the chat (ADR 152), as D1 last said.
  `CREATE TABLE IF NOT EXISTS member_blocks (user_id TEXT PRIMARY KEY)`,
  `CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
];

type StoredRow = {
  id: string;
  sender_id: string | null;
  content: string;
  client_id: string | null;
  created_at: number;
  sender_first_name: string | null;
  sender_last_name: string | null;
  sender_username: string | null;
  sender_show_full_name: number | null;
};

const COLUMNS =
  "id, sender_id, content, client_id, created_at, sender_first_name, sender_last_name, sender_username, sender_show_full_name";

export class ChatStore {
  /** The members as last read from storage (undefined: not read since the room woke or they changed). */
  #members: { list: RoomMember[]; loadedAt: number } | null | undefined;

  constructor(
    private readonly sql: SqlStorage,
    private readonly chatId: string,
  ) {
    for (const statement of SCHEMA) sql.exec(statement);
  }

  private toRow = (row: StoredRow): MessageRow => ({
    id: row.id,
    chatId: this.chatId,
    content: row.content,
    createdAt: new Date(row.created_at),
    senderId: row.sender_id,
    isAssistant: false,
    readAt: null,
    clientId: row.client_id,
    senderFirstName: row.sender_first_name,
    senderLastName: row.sender_last_name,
    senderUsername: row.sender_username,
    senderShowFullName: row.sender_show_full_name === null ? null : row.sender_show_full_name === 1,
  });

  private rows(query: string, ...bindings: (string | number | null)[]) {
    return this.sql
      .exec<StoredRow>(query, ...bindings)
      .toArray()
      .map(this.toRow);
  }

  /**
   * A new message of `sender`'s, strictly after the newest stored one, so the room's order and
   * D1's (createdAt, id) agree.
   */
  newRow(sender: RoomMember, input: { content: string; clientId: string | null; now: number }): MessageRow {
    return {
      id: createId(),
      chatId: this.chatId,
      content: input.content,
      createdAt: new Date(Math.max(input.now, this.newestTime() + 1)),
      senderId: sender.userId,
      isAssistant: false,
      readAt: null,
      clientId: input.clientId,
      senderFirstName: sender.senderFirstName,
      senderLastName: sender.senderLastName,
      senderUsername: sender.senderUsername,
      senderShowFullName: sender.senderShowFullName,
    };
  }

  insert(row: MessageRow) {
    this.sql.exec(
      `INSERT INTO messages (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      row.senderId,
      row.content,
      row.clientId,
      row.createdAt.getTime(),
      row.senderFirstName,
      row.senderLastName,
      row.senderUsername,
      row.senderShowFullName === null ? null : Number(row.senderShowFullName),
    );
  }

  /** A sender's message stored under a clientId (a retried send), if any. */
  byClientId(senderId: string, clientId: string): MessageRow | undefined {
    return this.rows(`SELECT ${COLUMNS} FROM messages WHERE sender_id = ? AND client_id = ?`, senderId, clientId)[0];
  }

  /** How many messages a sender stored here since `since` (epoch ms). */
  sentSince(senderId: string, since: number): number {
    return this.sql
      .exec<{ n: number }>("SELECT count(*) AS n FROM messages WHERE sender_id = ? AND created_at > ?", senderId, since)
      .one().n;
  }

  /**
   * The newest stored time, so a new message never sorts before one already stored. Times only
   * grow with `seq`, so the last row has it (a primary-key lookup, not a scan).
   */
  newestTime(): number {
    return (
      this.sql.exec<{ t: number }>("SELECT created_at AS t FROM messages ORDER BY seq DESC LIMIT 1").toArray()[0]?.t ??
      0
    );
  }

  /** The messages stored after `id`, oldest first, or null when this room does not hold `id`. */
  after(id: string, limit: number): MessageRow[] | null {
    const cursor = this.sql.exec<{ seq: number }>("SELECT seq FROM messages WHERE id = ?", id).toArray()[0];
    if (!cursor) return null;
    return this.rows(`SELECT ${COLUMNS} FROM messages WHERE seq > ? ORDER BY seq LIMIT ?`, cursor.seq, limit);
  }

  /** The newest `limit` messages stored, oldest first. */
  newest(limit: number): MessageRow[] {
    return this.rows(`SELECT ${COLUMNS} FROM messages ORDER BY seq DESC LIMIT ?`, limit).reverse();
  }

  /** The mirror's queue: messages D1 does not have yet, oldest first. */
  unmirrored(limit: number): MessageRow[] {
    return this.rows(`SELECT ${COLUMNS} FROM messages WHERE mirrored = 0 ORDER BY seq LIMIT ?`, limit);
  }

  markMirrored(ids: string[]) {
    for (const id of ids) this.sql.exec("UPDATE messages SET mirrored = 1 WHERE id = ?", id);
  }

  /** The members as last loaded from D1, with when; null when they must be loaded. */
  members(): { list: RoomMember[]; loadedAt: number } | null {
    if (this.#members === undefined) this.#members = this.readMembers();
    return this.#members;
  }

  private readMembers(): { list: RoomMember[]; loadedAt: number } | null {
    const loadedAt = this.meta("members_loaded_at");
    if (loadedAt === null) return null;
    const blocking = new Set(
      this.sql
        .exec<{ user_id: string }>("SELECT user_id FROM member_blocks")
        .toArray()
        .map((row) => row.user_id),
    );
    const list = this.sql
      .exec<{
        user_id: string;
        visible: number;
        first_name: string | null;
        last_name: string | null;
        username: string | null;
        show_full_name: number | null;
      }>("SELECT user_id, visible, first_name, last_name, username, show_full_name FROM members")
      .toArray()
      .map((row) => ({
        userId: row.user_id,
        visible: row.visible === 1,
        senderFirstName: row.first_name,
        senderLastName: row.last_name,
        senderUsername: row.username,
        senderShowFullName: row.show_full_name === null ? null : row.show_full_name === 1,
        blocksOther: blocking.has(row.user_id),
      }));
    return { list, loadedAt: Number(loadedAt) };
  }

  setMembers(list: RoomMember[], loadedAt: number) {
    this.sql.exec("DELETE FROM members");
    this.sql.exec("DELETE FROM member_blocks");
    for (const member of list) {
      if (member.blocksOther) this.sql.exec("INSERT INTO member_blocks (user_id) VALUES (?)", member.userId);
    }
    for (const member of list) {
      this.sql.exec(
        "INSERT INTO members (user_id, visible, first_name, last_name, username, show_full_name) VALUES (?, ?, ?, ?, ?, ?)",
        member.userId,
        Number(member.visible),
        member.senderFirstName,
        member.senderLastName,
        member.senderUsername,
        member.senderShowFullName === null ? null : Number(member.senderShowFullName),
      );
    }
    this.setMeta("members_loaded_at", String(loadedAt));
    this.#members = undefined;
  }

  /** A deleted account's messages name the stand-in from now on (ADR 150): nothing of theirs stays. */
  forgetSender(userId: string, standIn: { id: string; username: string }) {
    this.sql.exec(
      `UPDATE messages SET sender_id = ?, sender_first_name = 'Deleted', sender_last_name = 'user',
         sender_username = ?, sender_show_full_name = 1 WHERE sender_id = ?`,
      standIn.id,
      standIn.username,
      userId,
    );
    this.sql.exec("DELETE FROM members WHERE user_id = ?", userId);
    this.sql.exec("DELETE FROM member_blocks WHERE user_id = ?", userId);
    this.#members = undefined;
  }

  forgetMembers() {
    this.sql.exec("DELETE FROM meta WHERE key = 'members_loaded_at'");
    this.#members = undefined;
  }

  /** Consecutive failed mirror attempts (for the retry's back-off). */
  mirrorFailures(): number {
    return Number(this.meta("mirror_failures") ?? 0);
  }

  setMirrorFailures(count: number) {
    this.setMeta("mirror_failures", String(count));
  }

  private meta(key: string): string | null {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  private setMeta(key: string, value: string) {
    this.sql.exec(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      key,
      value,
    );
  }
}
