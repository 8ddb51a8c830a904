/**
 * How Worker-side code reaches the rooms: one RPC call through the Durable Object binding per
 * room, and closing a user's sockets wherever their sessions end. Nothing here imports
 * partyserver (app/ must not); the rooms' RPC surface is `RoomRpc` in protocol.ts.
 *
 * Fan-out is best effort: a room that cannot be reached loses nothing, because clients catch up
 * (join-chat with `after` from the room's storage, or the 2 s poll when the socket is down).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { chatMembers } from "../../../db/schema";
import type {
  ChatRoomRpc,
  DeletedStandIn,
  RoomRpc,
  RoomSend,
  RoomSendAnswer,
  ServerFrame,
  UserNotificationsRpc,
} from "./protocol";
import type { RoomName } from "./rooms";

/** Each room's RPC surface. */
interface RoomRpcs extends Record<RoomName, RoomRpc> {
  ChatRoom: ChatRoomRpc;
  UserNotifications: UserNotificationsRpc;
}

/** The Worker's bindings of the rooms, one per registry entry (the Worker's `Env` has them all). */
export type RealtimeBindings = {
  [Name in RoomName]: { getByName(name: string): RoomRpcs[Name] };
};

export interface Realtime {
  /** A frame to everyone in a chat's room (or all but one user). */
  toChat(chatId: string, frame: ServerFrame, options?: { exceptUser?: string }): Promise<void>;
  /**
   * A frame to one user's notification room (every page they have open); answers how many of their
   * sockets it reached (0 when the room could not be reached): none means no open tab (ADR 180).
   */
  toUser(userId: string, frame: ServerFrame): Promise<number>;
  /** Closes a user's sockets in the given chats' rooms and, if asked, their notification room. */
  closeUser(userId: string, rooms: { chatIds: string[]; notifications: boolean }): Promise<void>;
  /**
   * Hands a message to its chat's room, which stores, delivers and mirrors it (ADR 040). Not best
   * effort: the room is where the message is written, so a room that cannot be reached throws.
   */
  sendToChat(chatId: string, input: RoomSend): Promise<RoomSendAnswer>;
  /** Tells a chat's room that its memberships changed in D1 (best effort: it also reloads them by age). */
  membersChanged(chatId: string): Promise<void>;
  /**
   * Rewrites a deleted member's messages in a chat's room to the stand-in (ADR 150). Not best
   * effort: personal data must not stay behind, so a room that cannot be reached throws.
   */
  forgetMember(chatId: string, userId: string, standIn: DeletedStandIn): Promise<void>;
  /** Empties a deleted member's notification room's storage (ADR 153; not best effort either). */
  forgetUser(userId: string): Promise<void>;
  /** One round trip to a room (the health check): throws when Durable Objects cannot be reached. */
  ping(): Promise<void>;
}

/** The room the health check pings: no user has this id (ids are generated, never this word). */
const HEALTH_ROOM = "health-check";

async function bestEffort(what: string, call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    console.error(`realtime: ${what} failed`, error);
  }
}

/**
 * The rooms reached through the Worker's bindings. `localChat` lets a chat room publish to
 * itself directly instead of calling its own stub.
 */
export function createRealtime(
  bindings: RealtimeBindings,
  localChat?: { chatId: string; publish: RoomRpc["publish"] },
): Realtime {
  const room = (name: RoomName, instance: string) => bindings[name].getByName(instance);
  const chatRoom = (chatId: string) => bindings.ChatRoom.getByName(chatId);
  return {
    toChat: (chatId, frame, options) =>
      bestEffort(`publish to chat ${chatId}`, () =>
        localChat?.chatId === chatId ? localChat.publish(frame, options) : chatRoom(chatId).publish(frame, options),
      ),
    sendToChat: (chatId, input) => chatRoom(chatId).sendMessage(input),
    membersChanged: (chatId) => bestEffort(`members of ${chatId}`, () => chatRoom(chatId).membersChanged()),
    forgetMember: (chatId, userId, standIn) => chatRoom(chatId).forgetMember(userId, standIn),
    forgetUser: (userId) => bindings.UserNotifications.getByName(userId).forgetUser(),
    ping: async () => {
      await room("UserNotifications", HEALTH_ROOM).ping();
    },
    toUser: async (userId, frame) => {
      try {
        return await room("UserNotifications", userId).publish(frame);
      } catch (error) {
        console.error(`realtime: publish to user ${userId} failed`, error);
        return 0;
      }
    },
    closeUser: async (userId, { chatIds, notifications }) => {
      await Promise.all([
        notifications
          ? bestEffort(`close ${userId}`, () => room("UserNotifications", userId).closeUser(userId))
          : undefined,
        ...chatIds.map((chatId) =>
          bestEffort(`close ${userId} in ${chatId}`, () => chatRoom(chatId).closeUser(userId)),
        ),
      ]);
    },
  };
}

/**
 * Closes every realtime connection of a user: their notification room and the room of every chat
 * they have been a member of. Called wherever sessions end: sign-out, an admin's deactivation, a
 * password reset or change, a Google sign-in taking over an unverified account (ADR 040). Sockets
 * of a session that still exists reconnect by themselves; the others are refused, because their
 * session no longer authenticates.
 */
export async function closeUserConnections(ctx: { db: Db; realtime: Realtime }, userId: string) {
  const memberships = await ctx.db
    .select({ chatId: chatMembers.chatId })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId));
  await ctx.realtime.closeUser(userId, {
    chatIds: memberships.map((row) => row.chatId),
    notifications: true,
  });
}
