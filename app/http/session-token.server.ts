/**
 * The session token a request carries: `Authorization: Bearer` for API clients, else the session
 * cookie. Reading it is HTTP's business; the auth domain (modules/auth/session.server.ts) only
 * ever sees the token.
 */
import { parseCookieHeader, SESSION_COOKIE } from "~/modules/auth/session.server";

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export function readSessionToken(request: Request): { token: string; via: "bearer" | "cookie" } | null {
  const authorization = request.headers.get("Authorization");
  const bearer = authorization?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/)?.[1];
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = parseCookieHeader(request.headers.get("Cookie"))[SESSION_COOKIE];
  if (cookie && TOKEN.test(cookie)) return { token: cookie, via: "cookie" };
  return null;
}
