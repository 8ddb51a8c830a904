import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { ADMIN_ONLY_MESSAGE } from "~/core/actor";
import { DomainError } from "~/core/errors";
import { readSessionToken } from "~/http/session-token.server";
import { clearSessionCookie, deleteSession, findSessionUser, type SessionUser } from "~/modules/auth/session.server";
import { closeUserConnections } from "~/modules/realtime/realtime.server";
import { getServices } from "./services.server";
import { redirectWithToast } from "./toast.server";

export { ADMIN_ONLY_MESSAGE };

const userCache = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user (cookie or bearer token), or null. Looked up once per request. */
export function getOptionalUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  let pending = userCache.get(request);
  if (!pending) {
    const token = readSessionToken(request);
    pending = token ? findSessionUser(getServices(context).db, token.token) : Promise.resolve(null);
    userCache.set(request, pending);
  }
  return pending;
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
 * Answers the Set-Cookie header that clears the cookie.
 */
export async function signOut(request: Request, context: AppLoadContext): Promise<string> {
  const services = getServices(context);
  const token = readSessionToken(request);
  const userId = token ? await deleteSession(services.db, token.token) : null;
  if (userId) await closeUserConnections(services, userId);
  return clearSessionCookie({ secure: shouldUseSecureCookies(request) });
}
