/**
 * The registry of realtime rooms: one name per room. That name is the Durable Object binding and
 * class in wrangler.toml, the class server.ts exports, the key of the Worker's `Env`, and (in
 * kebab case, as partyserver routes it) the party segment of the room's URL. server.ts's routing,
 * the connection check (party/gate.ts) and the browser's socket hook all start from it.
 * Browser-safe.
 */

export const ROOMS = {
  /** One room per chat, named by the chat's id (its members may enter): messages, typing, read marks. */
  ChatRoom: { namedBy: "chatId" },
  /** One room per member, named by their user id (only they may enter): notices and the unread count. */
  UserNotifications: { namedBy: "userId" },
} as const satisfies Record<string, { namedBy: "chatId" | "userId" }>;

export type RoomName = keyof typeof ROOMS;
/** What a room's instance name is, which decides who may enter it (party/gate.ts). */
export type RoomKey = (typeof ROOMS)[RoomName]["namedBy"];

/** Whether a name read at run time (partyserver's `lobby.className`) is a room of the registry. */
export function isRoomName(name: string): name is RoomName {
  return Object.hasOwn(ROOMS, name);
}

/**
 * The party segment of a room's URL, `/parties/<party>/<room>`: the name in kebab case, as
 * partyserver's routePartykitRequest derives it from the binding (ChatRoom -> chat-room).
 */
export function partyOf(room: RoomName): string {
  return room.replace(/[A-Z]/g, (letter, index: number) => `${index > 0 ? "-" : ""}${letter.toLowerCase()}`);
}

/** The path of one room's socket, e.g. `/parties/chat-room/<chat id>`. */
export function roomPath(room: RoomName, name: string): string {
  return `/parties/${partyOf(room)}/${encodeURIComponent(name)}`;
}
