import { and, Column, eq, fillPlaceholders, gt, is, isNull, sql, type DriverValueDecoder, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/client";
import { sessions, users } from "../../../db/schema";
import { createToken, hashToken } from "~/utils/crypto.server";
import type { SessionUser } from "./present";
import { statement } from "~/utils/d1-statement.server";

export const SESSION_COOKIE = "__session";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Unchecked "Remember me": the server session ends after 12 hours (and the cookie with the browser). */
export const SHORT_SESSION_MS = 12 * HOUR;
/** Checked "Remember me": 30 days, sliding. */
export const REMEMBERED_SESSION_MS = 30 * DAY;
/** A remembered session's expiry is pushed forward at most once a day, not on every request. */
const SLIDE_AFTER_MS = DAY;

export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImage: users.profileImage,
  authProvider: users.authProvider,
  isAdmin: users.isAdmin,
};

/** The signed-in member as every request reads them (the type lives with its presenter, browser-safe). */
export type { SessionUser };

/** Creates a server session and returns its bearer token (the cookie value) and expiry. */
export async function createSession(
  db: Db,
  userId: string,
  options: { remember: boolean; userAgent?: string | null; now?: Date },
) {
  const now = options.now ?? new Date();
  const token = createToken();
  const expiresAt = new Date(now.getTime() + (options.remember ? REMEMBERED_SESSION_MS : SHORT_SESSION_MS));
  await db.insert(sessions).values({
    userId,
    tokenHash: await hashToken(token),
    remember: options.remember,
    expiresAt,
    userAgent: options.userAgent?.slice(0, 255) ?? null,
  });
  return { token, expiresAt, remember: options.remember };
}

/** The signed-in user for a bearer token, or null when the session is unknown, expired or deactivated. */
export async function findSessionUser(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  return (await findSession(db, token, now))?.user ?? null;
}

type Extra = Record<string, SQL<unknown>>;
const NO_EXTRA: Extra = {};

type Selection = Record<string, SQLiteColumn | Record<string, SQLiteColumn | SQL>>;
type Lookup = { sql: string; params: unknown[]; fields: { path: [string] | [string, string]; field: Column | SQL }[] };

/**
 * The session lookup's statement per `extra` object (a module constant at each caller), built once
 * per isolate: drizzle building it on every request was ~9% of a signed-in page's CPU (issue 20's
 * profile of /terms). The token's hash and the time are placeholders filled per request.
 */
const lookups = new WeakMap<Extra, Lookup>();

function lookupFor(db: Db, extra: Extra): Lookup {
  let lookup = lookups.get(extra);
  if (!lookup) {
    const selection: Selection = {
      user: sessionUserColumns,
      sessionId: sessions.id,
      remember: sessions.remember,
      expiresAt: sessions.expiresAt,
      extra,
    };
    const query = db
      .select(selection)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder("hash")),
          gt(sessions.expiresAt, sql.placeholder("now")),
          isNull(users.deactivatedAt),
        ),
      )
      .toSQL();
    // The statement's columns in the order drizzle selects them: the selection's, depth first.
    const fields = Object.entries(selection).flatMap(([key, value]): Lookup["fields"] =>
      is(value, Column)
        ? [{ path: [key], field: value }]
        : Object.entries(value).map(([inner, field]) => ({ path: [key, inner], field })),
    );
    lookup = { sql: query.sql, params: query.params, fields };
    lookups.set(extra, lookup);
  }
  return lookup;
}

/** A raw row as drizzle's own select would answer it: nested by the selection, values decoded. */
function decodeRow(lookup: Lookup, raw: unknown[]) {
  const row: Record<string, unknown> & { extra: Record<string, unknown> } = { extra: {} };
  lookup.fields.forEach(({ path, field }, index) => {
    const value = raw[index] === null ? null : decoderOf(field).mapFromDriverValue(raw[index]);
    if (path.length === 1) row[path[0]] = value;
    else ((row[path[0]] ??= {}) as Record<string, unknown>)[path[1]] = value;
  });
  return row as {
    user: SessionUser;
    sessionId: string;
    remember: boolean;
    expiresAt: Date;
    extra: Record<string, unknown>;
  };
}

/** How drizzle decodes a column or an SQL expression (its decoder, from mapWith, is not in drizzle's types). */
function decoderOf(field: Column | SQL): DriverValueDecoder<unknown, unknown> {
  return is(field, Column) ? field : (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
}

/**
 * The live session behind a token, with when it now expires (after sliding a remembered one), or
 * null when it is unknown, expired or its user is deactivated. `extra` columns (SQL over the
 * session's user, e.g. the header's unread count) are read in the same statement and returned
 * beside the user: one round trip for what every page needs about its member. Pass the same
 * `extra` object every time (a module constant): its statement is built once.
 */
export async function findSession<E extends Extra>(
  db: Db,
  token: string,
  now = new Date(),
  extra: E = NO_EXTRA as E,
): Promise<{ user: SessionUser; expiresAt: Date; extra: { [K in keyof E]: E[K]["_"]["type"] } } | null> {
  const lookup = lookupFor(db, extra);
  const values = { hash: await hashToken(token), now: sessions.expiresAt.mapToDriverValue(now) };
  const [raw] = await statement(db, { sql: lookup.sql, params: fillPlaceholders(lookup.params, values) }).raw();
  if (!raw) return null;
  const row = decodeRow(lookup, raw);
  let expiresAt = row.expiresAt;
  if (row.remember && row.expiresAt.getTime() - now.getTime() < REMEMBERED_SESSION_MS - SLIDE_AFTER_MS) {
    expiresAt = new Date(now.getTime() + REMEMBERED_SESSION_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, expiresAt, extra: row.extra as { [K in keyof E]: E[K]["_"]["type"] } };
}

/** Ends the session behind a token (sign-out); answers whose it was, or null when there was none. */
export async function deleteSession(db: Db, token: string): Promise<string | null> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, await hashToken(token)))
    .returning({ userId: sessions.userId });
  return ended?.userId ?? null;
}

/** The Set-Cookie value that stores a session token; a browser-session cookie unless remembered. */
export function serializeSessionCookie(token: string, options: { remember: boolean; secure: boolean }) {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (options.remember) parts.push(`Max-Age=${REMEMBERED_SESSION_MS / 1000}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearSessionCookie(options: { secure: boolean }) {
  const parts = [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export function parseCookieHeader(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    if (index > 0) cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return cookies;
}
