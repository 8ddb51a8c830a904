/**
 * The realtime module's Durable Object half (ADR 003, 043): the rooms and the gate in front of them.
 * Only server.ts imports this; app/ never does (it would pull partyserver into `remix vite:dev`).
 * The chat's room lives beside its domain (app/modules/chats/room/) and is exported from here.
 */
import type { RoomName } from "../app/modules/realtime/rooms";
import type { AuthenticatedRoom } from "./authenticated-room";
import { ChatRoom } from "../app/modules/chats/room/chat-room.server";
import { UserNotifications } from "./user-notifications";

export { isRoomPath, routeRoomRequest } from "./gate";
export { ChatRoom, UserNotifications };

/**
 * Every room of the registry has its class, under the same name (server.ts exports them by that
 * name for wrangler.toml's bindings). A room added to the registry without a class fails here.
 */
export const ROOM_CLASSES = { ChatRoom, UserNotifications } satisfies Record<
  RoomName,
  abstract new (...args: never[]) => AuthenticatedRoom
>;
