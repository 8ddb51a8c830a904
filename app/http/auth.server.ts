import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { ADMIN_ONLY_MESSAGE } from "~/core/actor";
import { DomainError } from "~/core/errors";
import { readSessionToken } from "./session-token.server";
import { users } from "../../db/schema";
import {
  clearSessionCookie,
  deleteSession,
  findSession,
  findSessionUser,
  type SessionUser,
} from "~/modules/auth/session.server";
import { unreadCountSql } from "~/modules/chats/rows.server";
import { closeUserConnections } from "~/modules/realtime/realtime.server";
import { getServices } from "./services.server";
import { redirectWithToast } from "./toast.server";
import { noteUnexpected } from "~/core/log";

export { ADMIN_ONLY_MESSAGE };

/** The session lookup's extra column for page requests: the header's unread count (one statement, built once). */
const WITH_UNREAD_CHATS = { unreadChats: unreadCountSql(users.id) };

/** What a request knows about its member: who, and the header's unread count when it was read. */
interface SignedIn {
  user: SessionUser;
  unreadChats: number | null;
}
/**
 * Per request, keyed by its load context: Remix hands each loader of one request its own Request
 * object, so a Request key looked the session up once per loader.
 */
const signedInCache = new WeakMap<AppLoadContext, Promise<SignedIn | null>>();

/**
 * Page requests (GET, not /api) read the header's unread count in the session lookup's own
 * statement: the root loader needs it on every page, and a D1 call of its own cost ~6% of a
 * page's CPU (bench/ab.ts). Writes and /api calls do not pay for the count.
 */
function wantsUnreadCount(request: Request) {
  return request.method === "GET" && !new URL(request.url).pathname.startsWith("/api/");
}

function getSignedIn(request: Request, context: AppLoadContext): Promise<SignedIn | null> {
  let pending = signedInCache.get(context);
  if (!pending) {
    const token = readSessionToken(request);
    const db = getServices(context).db;
    pending = !token
      ? Promise.resolve(null)
      : wantsUnreadCount(request)
        ? findSession(db, token.token, new Date(), WITH_UNREAD_CHATS).then(
            (found) => found && { user: found.user, unreadChats: Number(found.extra.unreadChats) },
          )
        : findSessionUser(db, token.token).then((user) => user && { user, unreadChats: null });
    // Logs and error reports name the member by id (ADR 065).
    const invocation = context.invocation;
    if (invocation)
      void pending.then(
        (found) => (invocation.userId = found?.user.id ?? null),
        () => {},
      );
    signedInCache.set(context, pending);
  }
  return pending;
}

/** The signed-in user (cookie or bearer token), or null. Looked up once per request. */
export async function getOptionalUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return (await getSignedIn(request, context))?.user ?? null;
}

/** The header's unread count read with the session (page requests), or null when it was not. */
export async function sessionUnreadChats(request: Request, context: AppLoadContext): Promise<number | null> {
  return (await getSignedIn(request, context))?.unreadChats ?? null;
}

/** Where to come back to after signing in: the path and query of this request. */
function currentPath(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The signed-in user, or a redirect to /auth that comes back here afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (!user) {
    throw redirect(`/auth?${new URLSearchParams({ redirectTo: currentPath(request) })}`);
  }
  return user;
}

/** For /auth and other visitor-only screens: signed-in users go to '/'. */
export async function requireAnonymous(request: Request, context: AppLoadContext): Promise<void> {
  if (await getOptionalUser(request, context)) throw redirect("/");
}

/** Admins only: others go to '/' with the spec's toast. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.isAdmin) {
    throw await redirectWithToast(context, "/", { type: "error", description: ADMIN_ONLY_MESSAGE });
  }
  return user;
}

/** Whether cookies should carry `Secure`: everywhere but plain-http localhost. */
export function shouldUseSecureCookies(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** The raw session token of a signed-in request (to keep that session when ending the others). */
export function requireSessionToken(request: Request): string {
  const token = readSessionToken(request);
  if (!token) throw new DomainError(401, "Please sign in to continue.");
  return token.token;
}

/**
 * Sign-out, for the header's form and POST /api/users/logout: ends the session behind the cookie
 * or bearer token and closes the user's realtime sockets (signing out twice is not an error).
 * Answers the Set-Cookie header that clears the cookie, always: when the server cannot end the
 * session (D1 failing), the browser is still signed out (`ended: false`; the spec's "the local
 * session is still cleared") and the session ends at its expiry.
 */
export async function signOut(request: Request, context: AppLoadContext): Promise<{ cookie: string; ended: boolean }> {
  const services = getServices(context);
  const token = readSessionToken(request);
  const cookie = clearSessionCookie({ secure: shouldUseSecureCookies(request) });
  let userId: string | null;
  try {
    userId = token ? await deleteSession(services.db, token.token) : null;
  } catch (error) {
    // Logged scrubbed (the failed query names the token's hash) and reported; the cookie still goes.
    noteUnexpected(context.invocation, error, "sign-out");
    return { cookie, ended: false };
  }
  if (userId) await closeUserConnections(services, userId);
  return { cookie, ended: true };
}
