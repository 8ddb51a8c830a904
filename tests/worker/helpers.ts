import { env, SELF } from "cloudflare:test";
import { createDb } from "../../db/client";
import { makeUser, type NewUser } from "../../db/factories";
import { users } from "../../db/schema";
import { createSession, SESSION_COOKIE } from "~/modules/auth/session.server";

export const ORIGIN = "http://localhost:8787";

export const testDb = () => createDb(env.DB);

/** Inserts a user (built by the shared factory) and returns it. */
export async function createUser(overrides: Partial<NewUser> = {}) {
  const user = makeUser(overrides);
  await testDb().insert(users).values(user);
  return user;
}

/** A signed-in user: the row, its bearer token and the Cookie header a browser would send. */
export async function createSignedInUser(overrides: Partial<NewUser> = {}) {
  const user = await createUser(overrides);
  const { token } = await createSession(testDb(), user.id, { remember: false });
  return { user, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Fetches a path from the Worker under test (the real entry: parties, Remix, headers). */
export function fetchPath(path: string, init?: RequestInit) {
  return SELF.fetch(new URL(path, ORIGIN), { redirect: "manual", ...init });
}

/** Posts a page's form as a browser does (same origin, urlencoded), signed in by `cookie`. */
export function postPageForm(path: string, cookie: string, fields: Record<string, string>, headers: HeadersInit = {}) {
  return fetchPath(path, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Calls a Worker entry's fetch directly, with the given environment, and waits for its waitUntil work. */
async function callEntry(worker: Pick<ExportedHandler<Env>, "fetch">, path: string, entryEnv: Env, init?: RequestInit) {
  const { createExecutionContext, waitOnExecutionContext } = await import("cloudflare:test");
  const ctx = createExecutionContext();
  const request = new Request(new URL(path, ORIGIN), init) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch!(request, entryEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Calls the Worker entry directly with changed variables (e.g. ENVIRONMENT=production). */
export async function fetchWithEnv(path: string, overrides: Partial<Env>, init?: RequestInit) {
  const { default: worker } = await import("../../server");
  return callEntry(worker, path, { ...env, ...overrides }, init);
}

/**
 * Fetches a path from the Worker the bench serves (bench/metered-worker.ts: the real entry with
 * the bench's D1 meter around it), whose response reports its D1 round trips in `x-d1-meter`.
 */
export async function fetchMetered(path: string, init?: RequestInit) {
  const { default: worker } = await import("../../bench/metered-worker");
  return callEntry(worker, path, env, init);
}

/** POSTs JSON to an /api route as an API client would (no cookie, no Origin). */
export async function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetchPath(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return {
    response,
    body: (await response.json()) as Record<string, unknown> & { success: boolean; message?: string },
  };
}

/** The newest outbox email to an address, waiting briefly for mail sent after the response. */
export async function latestEmailTo(address: string, subject?: string, timeoutMs = 3000) {
  const { emailOutbox } = await import("../../db/schema");
  const { and, desc, eq } = await import("drizzle-orm");
  const started = Date.now();
  for (;;) {
    const row = await testDb()
      .select()
      .from(emailOutbox)
      .where(subject ? and(eq(emailOutbox.to, address), eq(emailOutbox.subject, subject)) : eq(emailOutbox.to, address))
      .orderBy(desc(emailOutbox.createdAt))
      .get();
    if (row) return { ...row, link: row.text.match(/https?:\/\/\S+/)?.[0] ?? null };
    if (Date.now() - started > timeoutMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The newest outbox email to an address whose text contains `text`, waiting for it to arrive.
 * Queued mails (ADR 180) are sent concurrently within a batch, so when one step's mail and the
 * next one's go to the same person, which one is newest is not fixed: look for the one you mean.
 */
export async function emailContaining(address: string, text: string, timeoutMs = 10_000) {
  const { emailOutbox } = await import("../../db/schema");
  const { and, desc, eq, like } = await import("drizzle-orm");
  const started = Date.now();
  for (;;) {
    const row = await testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, address), like(emailOutbox.text, `%${text}%`)))
      .orderBy(desc(emailOutbox.createdAt))
      .get();
    if (row || Date.now() - started > timeoutMs) return row ?? null;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Records `count` allowed events of a rate-limit key at `at` (default now), as if they had just
 * happened: one statement, however many.
 */
export async function useUpRateLimit(key: string, count: number, at = Date.now()) {
  const { sql } = await import("drizzle-orm");
  await testDb().run(
    sql`INSERT INTO rate_limit_hits (id, key, at) WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count}) SELECT ${crypto.randomUUID()} || '-' || i, ${key}, ${at} FROM n`,
  );
}

let registrations = 0;
/** Details for a new local account, unique per call. */
export function newAccount() {
  registrations += 1;
  const name = `reg${registrations}${crypto.randomUUID().slice(0, 6)}`;
  return {
    username: name,
    firstName: "Reg",
    lastName: "Istered",
    email: `${name}@example.test`,
    password: "s3cure-passw0rd",
    confirmPassword: "s3cure-passw0rd",
  };
}

/**
 * Calls an /api route with a bearer token (or none), returning the status and the parsed body.
 * Tests read whichever shape the route answers; their assertions check it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<Body = Record<string, any>>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
) {
  const response = await fetchPath(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Body };
}
