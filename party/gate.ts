/**
 * The door to the rooms (ADR 003, 040): server.ts hands every `/parties/<party>/<room>` request
 * here before Remix. A WebSocket upgrade goes through only for a signed-in member (session cookie
 * or bearer token, looked up in D1), from Cardshare's own origin when a browser names one, into a
 * room they may enter; the room is then told who connected and when their session ends, in headers
 * it can trust because only this code reaches it. Plain HTTP to a room is a 404.
 */
import { routePartykitRequest } from "partyserver";
import { createDb, type Db } from "../db/client";
import type { Actor } from "../app/core/actor";
import type { Invocation } from "../app/core/log";
import { apiFailure } from "../app/http/envelope.server";
import { findSession } from "../app/modules/auth/session.server";
import { isChatMember } from "../app/modules/chats/queries.server";
import { SESSION_CHECKED_HEADER, SESSION_EXPIRES_HEADER, USER_ID_HEADER } from "../app/modules/realtime/protocol";
import { isRoomName, ROOMS, type RoomKey, type RoomName } from "../app/modules/realtime/rooms";

/** Who is connecting: the Origin a browser names, and the session token (cookie or bearer) sent. */
export interface RoomClient {
  origin: string | null;
  token: string | null;
}

/**
 * An accepted connection carries who it is, when its session was checked (taken before the lookup:
 * the room refuses it if the user's sessions ended there since) and when it ends (the room closes
 * it then).
 */
export type RoomDecision =
  | { ok: true; userId: string; sessionCheckedAt: number; sessionExpiresAt: number }
  | { ok: false; status: 401 | 403; message: string };

/** Who may enter a room, by what the registry says the room is named after. */
const ADMISSION = {
  userId: { admits: async ({ actor }, name) => name === actor.id, refusal: "Not your room" },
  chatId: { admits: (ctx, name) => isChatMember(ctx, { chatId: name }), refusal: "Not a member of this chat" },
} satisfies Record<
  RoomKey,
  { admits: (ctx: { db: Db; actor: Actor }, name: string) => Promise<boolean>; refusal: string }
>;

/**
 * Who may open a realtime connection: a signed-in member, from our own origin when a browser says
 * where it is, to a room the registry's rule lets them into.
 */
export async function authorizeRoomConnection(
  db: Db,
  client: RoomClient,
  room: { room: RoomName; name: string },
  allowedOrigins: string[],
): Promise<RoomDecision> {
  if (client.origin && !allowedOrigins.includes(client.origin)) {
    return { ok: false, status: 403, message: "Origin not allowed" };
  }
  const sessionCheckedAt = Date.now();
  const session = client.token ? await findSession(db, client.token) : null;
  if (!session) return { ok: false, status: 401, message: "Not signed in" };
  const rule = ADMISSION[ROOMS[room.room].namedBy];
  const actor = { id: session.user.id, isAdmin: session.user.isAdmin };
  if (!(await rule.admits({ db, actor }, room.name))) return { ok: false, status: 403, message: rule.refusal };
  return { ok: true, userId: session.user.id, sessionCheckedAt, sessionExpiresAt: session.expiresAt.getTime() };
}

/**
 * Whether a path is a room's (`/parties/<party>/<room>`, partyserver's default prefix, as its router
 * splits it). Any other request skips the router, which maps the environment's bindings afresh for
 * each request's env object (issue 34: ~3% of /refer's CPU).
 */
export const isRoomPath = (pathname: string) => pathname.split("/").find(Boolean) === "parties";

/**
 * Answers a request for a room (a Response), or null when the path is not `/parties/...` and the
 * request is Remix's. `token` is the session token the request carries; `d1` is the request's D1
 * session (ADR 008), so a chat the member just joined is found even on a lagging replica.
 */
export function routeRoomRequest(
  request: Request,
  env: Env,
  options: { allowedOrigins: string[]; token: string | null; d1: D1DatabaseSession; invocation?: Invocation },
): Promise<Response | null> {
  return routePartykitRequest(request, env, {
    onBeforeConnect: async (incoming, lobby) => {
      // partyserver routes to every Durable Object binding; each of ours is a room of the registry.
      if (!isRoomName(lobby.className)) return apiFailure(404, "Not found");
      const decision = await authorizeRoomConnection(
        createDb(options.d1),
        { origin: incoming.headers.get("Origin"), token: options.token },
        { room: lobby.className, name: lobby.name },
        options.allowedOrigins,
      );
      if (!decision.ok) return apiFailure(decision.status, decision.message);
      if (options.invocation) {
        options.invocation.userId = decision.userId;
        options.invocation.route = `room:${lobby.className}`;
      }
      const forwarded = new Request(incoming);
      forwarded.headers.set(USER_ID_HEADER, decision.userId);
      forwarded.headers.set(SESSION_CHECKED_HEADER, String(decision.sessionCheckedAt));
      forwarded.headers.set(SESSION_EXPIRES_HEADER, String(decision.sessionExpiresAt));
      return forwarded;
    },
    // Rooms speak WebSocket only; plain HTTP to a room is not part of the API.
    onBeforeRequest: () => apiFailure(404, "Not found"),
  });
}
