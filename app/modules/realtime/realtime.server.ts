/**
 * How Worker-side code tells the party rooms about something D1 already holds: one RPC call
 * through the Durable Object binding per room. Nothing here imports partyserver (app/ must not);
 * the rooms' RPC surface is `RoomRpc` in party/protocol.ts.
 *
 * Fan-out is best effort: a room that cannot be reached loses nothing, because clients catch up
 * from D1 (join-chat with `after`, or the 2 s poll when the socket is down).
 */
import type { RoomRpc, ServerFrame } from "../../../party/protocol";

type RoomNamespace = { getByName(name: string): unknown };
export type RealtimeBindings = { ChatRoom: RoomNamespace; UserNotifications: RoomNamespace };

export interface Realtime {
  /** A frame to everyone in a chat's room (or all but one user). */
  toChat(chatId: string, frame: ServerFrame, options?: { exceptUser?: string }): Promise<void>;
  /** A frame to one user's notification room (every page they have open). */
  toUser(userId: string, frame: ServerFrame): Promise<void>;
  /** Closes a user's sockets in the given chats' rooms and, if asked, their notification room. */
  closeUser(userId: string, rooms: { chatIds: string[]; notifications: boolean }): Promise<void>;
}

function room(namespace: RoomNamespace, name: string) {
  // The binding's stub exposes the room's RPC methods (party/authenticated-room.ts).
  return namespace.getByName(name) as RoomRpc;
}

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
  return {
    toChat: (chatId, frame, options) =>
      bestEffort(`publish to chat ${chatId}`, () =>
        localChat?.chatId === chatId
          ? localChat.publish(frame, options)
          : room(bindings.ChatRoom, chatId).publish(frame, options),
      ),
    toUser: (userId, frame) =>
      bestEffort(`publish to user ${userId}`, () => room(bindings.UserNotifications, userId).publish(frame)),
    closeUser: async (userId, { chatIds, notifications }) => {
      await Promise.all([
        notifications
          ? bestEffort(`close ${userId}`, () => room(bindings.UserNotifications, userId).closeUser(userId))
          : undefined,
        ...chatIds.map((chatId) =>
          bestEffort(`close ${userId} in ${chatId}`, () => room(bindings.ChatRoom, chatId).closeUser(userId)),
        ),
      ]);
    },
  };
}
