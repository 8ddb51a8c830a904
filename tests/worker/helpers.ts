import { env, SELF } from "cloudflare:test";
import { createDb } from "../../db/client";
import { makeUser, type UserRow } from "../../db/factories";
import { users } from "../../db/schema";
import { createSession, SESSION_COOKIE } from "~/modules/auth/session.server";

export const ORIGIN = "http://localhost:8787";

export const testDb = () => createDb(env.DB);

/** Inserts a user (built by the shared factory) and returns it. */
export async function createUser(overrides: Partial<UserRow> = {}) {
  const user = makeUser(overrides);
  await testDb().insert(users).values(user);
  return user;
}

/** A signed-in user: the row, its bearer token and the Cookie header a browser would send. */
export async function createSignedInUser(overrides: Partial<UserRow> = {}) {
  const user = await createUser(overrides);
  const { token } = await createSession(testDb(), user.id, { remember: false });
  return { user, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Fetches a path from the Worker under test (the real entry: parties, Remix, headers). */
export function fetchPath(path: string, init?: RequestInit) {
  return SELF.fetch(new URL(path, ORIGIN), { redirect: "manual", ...init });
}

/** Calls the Worker entry directly with changed variables (e.g. ENVIRONMENT=production). */
export async function fetchWithEnv(path: string, overrides: Partial<Env>) {
  const { createExecutionContext, waitOnExecutionContext } = await import("cloudflare:test");
  const { default: worker } = await import("../../server");
  const ctx = createExecutionContext();
  const request = new Request(new URL(path, ORIGIN)) as Request<unknown, IncomingRequestCfProperties>;
  const response = await worker.fetch(request, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
