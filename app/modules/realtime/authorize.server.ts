import type { Db } from "../../../db/client";
import { isChatMember } from "~/modules/chats/chats.server";
import { findSession } from "~/modules/auth/session.server";

export type RoomKind = "ChatRoom" | "UserNotifications";

/** An accepted connection carries who it is and when its session ends (the room closes it then). */
export type RoomDecision =
  { ok: true; userId: string; sessionExpiresAt: number } | { ok: false; status: 401 | 403; message: string };

/** Who is connecting: the Origin a browser names, and the session token (cookie or bearer) sent. */
export interface RoomClient {
  origin: string | null;
  token: string | null;
}

/**
 * Who may open a realtime connection: a signed-in user (session cookie or bearer token), from our
 * own origin when a browser says where it is, to their own notification room or a chat they belong
 * to. Runs in the Worker before the Durable Object is reached.
 */
export async function authorizeRoomConnection(
  db: Db,
  client: RoomClient,
  room: { kind: RoomKind; name: string },
  allowedOrigins: string[],
): Promise<RoomDecision> {
  if (client.origin && !allowedOrigins.includes(client.origin)) {
    return { ok: false, status: 403, message: "Origin not allowed" };
  }
  const session = client.token ? await findSession(db, client.token) : null;
  if (!session) return { ok: false, status: 401, message: "Not signed in" };
  const accepted = { ok: true as const, userId: session.user.id, sessionExpiresAt: session.expiresAt.getTime() };

  if (room.kind === "UserNotifications") {
    return room.name === session.user.id ? accepted : { ok: false, status: 403, message: "Not your room" };
  }
  return (await isChatMember(db, session.user.id, room.name))
    ? accepted
    : { ok: false, status: 403, message: "Not a member of this chat" };
}
