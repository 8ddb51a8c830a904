/**
 * Google sign-in: the accounts behind Google identities, and access-token and code sign-in for API
 * clients (POST /api/users/google-auth, google-auth-code). The browser's redirect flow is HTTP glue
 * around the same functions (app/http/google-redirect.server.ts). Google's endpoints come from the
 * environment so tests point the real code at a local fake.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { sessions, users } from "../../../db/schema";
import { closeUserConnections } from "~/modules/realtime/realtime.server";
import { DomainError } from "~/core/errors";
import type { Services } from "~/core/services.server";
import type { Ctx } from "~/core/context.server";
import { stripInvisible } from "~/utils/zod-fields";
import { AUTH_MESSAGES } from "./messages";
import { createSession, sessionUserColumns, type SessionUser } from "./session.server";

/** What we use of a Google account, from the userinfo endpoint. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  picture: string | null;
}

export function isGoogleEnabled(services: Services) {
  return Boolean(services.env.GOOGLE_CLIENT_ID && services.env.GOOGLE_CLIENT_SECRET);
}

/** Google sign-in where it is not configured: a 404 in the member's words (every Google entry point). */
export function requireGoogle(services: Services) {
  if (!isGoogleEnabled(services)) throw new DomainError(404, AUTH_MESSAGES.googleNotConfigured);
}

/** Google's OAuth endpoints (the environment may point them at a fake). */
export function googleEndpoints(services: Services) {
  return {
    authorization: services.env.GOOGLE_AUTH_URL ?? "https://accounts.google.com/o/oauth2/v2/auth",
    token: services.env.GOOGLE_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
    userinfo: services.env.GOOGLE_USERINFO_URL ?? "https://www.googleapis.com/oauth2/v3/userinfo",
    tokeninfo: services.env.GOOGLE_TOKENINFO_URL ?? "https://oauth2.googleapis.com/tokeninfo",
  };
}

/**
 * A call to Google. A dropped connection ("Network connection lost", which Cloudflare advises
 * retrying) is retried once for reads; if Google still cannot be reached, the member hears so (503)
 * instead of an unexpected failure. The code exchange (a POST of a single-use code) is not retried.
 */
async function callGoogle(url: string | URL, init?: RequestInit): Promise<Response> {
  const attempts = init?.method && init.method !== "GET" ? 1 : 2;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= attempts) {
        console.warn("Google could not be reached:", error instanceof Error ? error.message : error);
        throw new DomainError(503, AUTH_MESSAGES.googleUnreachable);
      }
    }
  }
}

/** Google's JSON answer, or {} when it is not JSON (a proxy's page): read as a refusal. */
async function readGoogleJson(response: Response): Promise<Record<string, unknown>> {
  if (!response.ok) return {};
  try {
    const body: unknown = await response.json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Reads the signed-in Google account behind an access token; null when Google refuses it. */
export async function fetchGoogleIdentity(services: Services, accessToken: string): Promise<GoogleIdentity | null> {
  const response = await callGoogle(googleEndpoints(services).userinfo, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  const info = await readGoogleJson(response);
  if (typeof info.sub !== "string" || typeof info.email !== "string") return null;
  return {
    subject: info.sub,
    email: info.email.toLowerCase(),
    emailVerified: info.email_verified === true || info.email_verified === "true",
    givenName: typeof info.given_name === "string" ? stripInvisible(info.given_name).slice(0, 50) : "",
    familyName: typeof info.family_name === "string" ? stripInvisible(info.family_name).slice(0, 50) : "",
    picture: typeof info.picture === "string" && info.picture.startsWith("https://") ? info.picture : null,
  };
}

/**
 * Whether Google issued this access token to our own client. An access token says nothing about
 * the site it was meant for, so without this check any site with "Sign in with Google" could replay
 * its users' tokens here and sign in as them.
 */
async function isTokenForThisClient(services: Services, accessToken: string): Promise<boolean> {
  const url = new URL(googleEndpoints(services).tokeninfo);
  url.searchParams.set("access_token", accessToken);
  const info = await readGoogleJson(await callGoogle(url));
  const clientId = services.env.GOOGLE_CLIENT_ID;
  return Boolean(clientId) && (info.aud === clientId || info.azp === clientId);
}

/** A free username from the email's local part: letters, digits, dots, dashes, underscores. */
async function freeUsername(services: Services, email: string) {
  const base = (email.split("@")[0].replace(/[^A-Za-z0-9_.-]/g, "") || "member").slice(0, 24).padEnd(3, "0");
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${Math.floor(Math.random() * 10_000)}`;
    const taken = await services.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${candidate.toLowerCase()}`)
      .get();
    if (!taken) return candidate;
  }
  throw new DomainError(409, AUTH_MESSAGES.googleFailed);
}

const accountColumns = {
  ...sessionUserColumns,
  deactivatedAt: users.deactivatedAt,
  emailVerifiedAt: users.emailVerifiedAt,
  googleSubject: users.googleSubject,
};
type AccountRow = SessionUser & {
  deactivatedAt: Date | null;
  emailVerifiedAt: Date | null;
  googleSubject: string | null;
};

function accountBySubject(services: Services, subject: string) {
  return services.db.select(accountColumns).from(users).where(eq(users.googleSubject, subject)).get();
}

function signInAs(account: AccountRow): SessionUser {
  if (account.deactivatedAt) throw new DomainError(403, "This account has been deactivated. Please contact support.");
  return withoutPrivate(account);
}

/**
 * The account of a Google identity, keyed by Google's subject id. A local account with the same
 * verified email is linked rather than duplicated; an address another Google account already holds
 * is a 409 (never a second account, never a retry); otherwise a new, verified account is made.
 */
export async function findOrCreateGoogleUser(services: Services, identity: GoogleIdentity): Promise<SessionUser> {
  const { db } = services;
  const bySubject = await accountBySubject(services, identity.subject);
  if (bySubject) return signInAs(bySubject);
  if (!identity.emailVerified) throw new DomainError(403, AUTH_MESSAGES.googleUnverified);

  const byEmail = await db.select(accountColumns).from(users).where(eq(users.email, identity.email)).get();
  if (byEmail?.googleSubject) throw new DomainError(409, AUTH_MESSAGES.googleLinkedElsewhere);
  if (byEmail) {
    signInAs(byEmail);
    if (byEmail.emailVerifiedAt) {
      await db
        .update(users)
        .set({ googleSubject: identity.subject })
        .where(and(eq(users.id, byEmail.id), isNull(users.googleSubject)));
      return withoutPrivate(byEmail);
    }
    // Nobody ever proved they own this address, so whoever registered it may not be the Google
    // account's owner: its password and sessions go, and the account becomes Google-only.
    await db.batch([
      db.delete(sessions).where(eq(sessions.userId, byEmail.id)),
      db
        .update(users)
        .set({
          googleSubject: identity.subject,
          emailVerifiedAt: new Date(),
          passwordHash: null,
          authProvider: "google",
        })
        .where(and(eq(users.id, byEmail.id), isNull(users.googleSubject))),
    ]);
    await closeUserConnections(services, byEmail.id);
    return { ...withoutPrivate(byEmail), authProvider: "google" };
  }

  const created = await db
    .insert(users)
    .values({
      username: await freeUsername(services, identity.email),
      email: identity.email,
      firstName: identity.givenName,
      lastName: identity.familyName,
      profileImage: identity.picture,
      authProvider: "google",
      googleSubject: identity.subject,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning(sessionUserColumns)
    .get();
  if (created) return created;
  // The insert clashed with a row written since the lookups above: one more look, and no retry.
  // A concurrent sign-in of the same Google account made it a moment ago; otherwise the address
  // (or the chosen username) was taken meanwhile.
  const raced = await accountBySubject(services, identity.subject);
  if (raced) return signInAs(raced);
  const emailTaken = await db.select({ id: users.id }).from(users).where(eq(users.email, identity.email)).get();
  throw new DomainError(409, emailTaken ? AUTH_MESSAGES.googleLinkedElsewhere : AUTH_MESSAGES.googleFailed);
}

function withoutPrivate(row: AccountRow): SessionUser {
  const { deactivatedAt: _deactivated, emailVerifiedAt: _verified, googleSubject: _subject, ...user } = row;
  return user;
}

/**
 * API clients: sign in with a Google access token (the spec's `idToken`). Google must confirm that
 * the token was issued to our client id before its identity is trusted.
 */
export async function signInWithGoogleToken(ctx: Ctx, accessToken: string, userAgent: string | null) {
  requireGoogle(ctx);
  if (!(await isTokenForThisClient(ctx, accessToken))) throw new DomainError(401, AUTH_MESSAGES.googleFailed);
  return signInWithOwnGoogleToken(ctx, accessToken, userAgent);
}

/** Sign-in with an access token we obtained ourselves, by exchanging a code with our client secret. */
async function signInWithOwnGoogleToken(services: Services, accessToken: string, userAgent: string | null) {
  const identity = await fetchGoogleIdentity(services, accessToken);
  if (!identity) throw new DomainError(401, AUTH_MESSAGES.googleFailed);
  const user = await findOrCreateGoogleUser(services, identity);
  const session = await createSession(services.db, user.id, { remember: false, userAgent });
  return { user, session, message: AUTH_MESSAGES.googleSuccess };
}

/** API clients: exchange an authorization code for an access token, then sign in with it. */
export async function signInWithGoogleCode(ctx: Ctx, code: string, redirectUri: string, userAgent: string | null) {
  requireGoogle(ctx);
  const response = await callGoogle(googleEndpoints(ctx).token, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      code,
      client_id: ctx.env.GOOGLE_CLIENT_ID ?? "",
      client_secret: ctx.env.GOOGLE_CLIENT_SECRET ?? "",
      redirect_uri: redirectUri,
      grant_type: "authorization_code",
    }),
  });
  const body = await readGoogleJson(response);
  if (typeof body.access_token !== "string") throw new DomainError(401, AUTH_MESSAGES.googleNoToken);
  return signInWithOwnGoogleToken(ctx, body.access_token, userAgent);
}
