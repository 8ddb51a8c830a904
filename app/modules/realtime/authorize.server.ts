import type { Db } from "../../../db/client";
import { isChatMember } from "~/modules/chats/chats.server";
import { findSessionUser, readSessionToken } from "~/modules/auth/session.server";

export type RoomKind = "ChatRoom" | "UserNotifications";

export type RoomDecision = { ok: true; userId: string } | { ok: false; status: 401 | 403; message: string };

/**
 * Who may open a realtime connection: a signed-in user (session cookie or bearer token), from our
 * own origin when a browser says where it is, to their own notification room or a chat they belong
 * to. Runs in the Worker before the Durable Object is reached.
 */
export async function authorizeRoomConnection(
  db: Db,
  request: Request,
  room: { kind: RoomKind; name: string },
  allowedOrigins: string[],
): Promise<RoomDecision> {
  const origin = request.headers.get("Origin");
  if (origin && !allowedOrigins.includes(origin)) {
    return { ok: false, status: 403, message: "Origin not allowed" };
  }
  const token = readSessionToken(request);
  const user = token ? await findSessionUser(db, token.token) : null;
  if (!user) return { ok: false, status: 401, message: "Not signed in" };

  if (room.kind === "UserNotifications") {
    return room.name === user.id ? { ok: true, userId: user.id } : { ok: false, status: 403, message: "Not your room" };
  }
  return (await isChatMember(db, user.id, room.name))
    ? { ok: true, userId: user.id }
    : { ok: false, status: 403, message: "Not a member of this chat" };
}
