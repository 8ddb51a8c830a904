/**
 * Reads from the nearest D1 replica without ever reading older than what the person already saw
 * (ADR 008). Every request runs its queries in one D1 session that starts from the bookmark the
 * browser (the `cs_d1` cookie) or the API client (the `x-d1-bookmark` header) last received, and the
 * session's bookmark after the request goes back to both. Bookmarks are HTTP's business: the
 * domain only ever sees the session, as `ctx.db`.
 */
import { parseCookieHeader } from "~/modules/auth/session.server";

export const BOOKMARK_COOKIE = "cs_d1";
export const BOOKMARK_HEADER = "x-d1-bookmark";

/**
 * D1's bookmark shape: three 8-digit hex counters and a 32-digit hex hash, ordered as text. Anything
 * else a client sends is ignored: workerd keeps whichever of its bookmarks sorts last, so a forged
 * "zzz" would pin the session and be echoed back forever, and D1 itself may refuse it.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
/** The shape a bookmark has, for the API reference. */
export const BOOKMARK_PATTERN = BOOKMARK.source;

/** Methods that never change anything, whose first query may go to any replica. */
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isBookmark(value: string | null | undefined): value is string {
  return typeof value === "string" && BOOKMARK.test(value);
}

/** The request's D1 session, and the bookmark its browser already holds (to skip a same Set-Cookie). */
export interface RequestD1 {
  session: D1DatabaseSession;
  cookieBookmark: string | null;
  /** Signed in by a bearer token without cookies: the bookmark travels in `x-d1-bookmark` only. */
  apiClient?: boolean;
}

/**
 * The newest valid bookmark the request carries (cookie or header; bookmarks sort oldest to
 * newest as text), or null.
 */
export function requestBookmark(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER)?.trim();
  const cookie = parseCookieHeader(request.headers.get("Cookie"))[BOOKMARK_COOKIE];
  const valid = [header, cookie].filter(isBookmark).sort();
  return valid.at(-1) ?? null;
}

/**
 * Where the request's session starts. A read starts from the client's bookmark (any replica at
 * least that fresh) or, with none, anywhere. A write starts at the primary: it goes there anyway
 * for its write, and the checks it makes first (uniqueness, ownership, counts, rate limits) must
 * see everybody's latest writes, not a lagging replica's.
 */
export function sessionStart(request: Request): D1SessionBookmark | D1SessionConstraint {
  if (!READS.has(request.method)) return "first-primary";
  return requestBookmark(request) ?? "first-unconstrained";
}

/** Opens the request's D1 session (server.ts, once per request). */
export function openD1Session(d1: D1Database, request: Request): RequestD1 {
  const cookie = parseCookieHeader(request.headers.get("Cookie"))[BOOKMARK_COOKIE];
  return {
    session: d1.withSession(sessionStart(request)),
    cookieBookmark: isBookmark(cookie) ? cookie : null,
    // An API client (a bearer token, no cookie) keeps its bookmark from the header; it gets no cookie.
    apiClient: /^Bearer\s/i.test(request.headers.get("Authorization") ?? "") && cookie === undefined,
  };
}

/** The Set-Cookie value that keeps a browser's bookmark for its next request. */
export function serializeBookmarkCookie(bookmark: string, options: { secure: boolean }) {
  const parts = [`${BOOKMARK_COOKIE}=${bookmark}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * Hands the session's bookmark back once the request's queries are done: in `x-d1-bookmark` for
 * API clients, and as the `cs_d1` cookie when the browser's copy is not already this one. A request
 * that ran no query (or a WebSocket upgrade, whose headers are the room's) is returned as it is.
 */
export function withBookmark(response: Response, d1: RequestD1, options: { secure: boolean }): Response {
  const bookmark = d1.session.getBookmark();
  if (!bookmark || response.status === 101) return response;
  const answered = new Response(response.body, response);
  answered.headers.set(BOOKMARK_HEADER, bookmark);
  if (!d1.apiClient && bookmark !== d1.cookieBookmark) {
    answered.headers.append("Set-Cookie", serializeBookmarkCookie(bookmark, options));
  }
  return answered;
}
