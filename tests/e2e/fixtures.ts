import { spawnSync } from "node:child_process";
import { test as base } from "@playwright/test";
import { makeUser, type UserRow } from "../../db/factories";
import { sessions, users } from "../../db/schema";
import { insertStatements } from "../../db/seed/sql";
import { createToken, hashToken } from "../../app/utils/crypto.server";
import { hashPassword } from "../../app/modules/auth/password.server";
import { SESSION_COOKIE, SHORT_SESSION_MS } from "../../app/modules/auth/session.server";
import { OFFLINE_ENV } from "../../scripts/lib/wrangler";

const PERSIST_DIR = ".wrangler/e2e";

/**
 * Runs SQL against the e2e server's local D1 (the same files `wrangler dev` serves). The server may
 * hold the database lock for a moment, so SQLITE_BUSY is retried.
 */
function executeSql(sql: string) {
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(
      "npx",
      ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", PERSIST_DIR, "--command", sql],
      { env: OFFLINE_ENV, encoding: "utf8" },
    );
    if (result.status === 0) return;
    const output = `${result.stderr}${result.stdout}`;
    if (!output.includes("SQLITE_BUSY") || attempt === 5) throw new Error(`SQL failed: ${output}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
  }
}

export interface TestUser extends UserRow {
  token: string;
}

/**
 * Fixtures: `createUser` inserts a user built by the shared factory; `login` also creates a server
 * session and puts its cookie in the browser context, as signing in would.
 */
export const test = base.extend<{
  createUser: (overrides?: Partial<UserRow> & { password?: string }) => Promise<UserRow>;
  login: (overrides?: Partial<UserRow> & { password?: string }) => Promise<TestUser>;
}>({
  createUser: async ({}, use) => {
    await use(async ({ password, ...overrides } = {}) => {
      const user = makeUser({ ...overrides, passwordHash: password ? await hashPassword(password) : null });
      executeSql(insertStatements(users, [user]).join("\n"));
      return user;
    });
  },
  login: async ({ context, baseURL }, use) => {
    await use(async ({ password, ...overrides } = {}) => {
      const user = makeUser({ ...overrides, passwordHash: password ? await hashPassword(password) : null });
      const token = createToken();
      const now = new Date();
      const session = {
        id: `s_${user.id}`,
        userId: user.id,
        tokenHash: await hashToken(token),
        remember: false,
        expiresAt: new Date(now.getTime() + SHORT_SESSION_MS),
        createdAt: now,
        updatedAt: now,
      };
      executeSql([...insertStatements(users, [user]), ...insertStatements(sessions, [session])].join("\n"));
      await context.addCookies([
        { name: SESSION_COOKIE, value: token, url: baseURL!, httpOnly: true, sameSite: "Lax" },
      ]);
      return { ...user, token };
    });
  },
});

export { expect } from "@playwright/test";

/** The newest email to an address in the dev outbox (/dev/mail.json), waiting for it to arrive. */
export async function latestEmail(
  request: import("@playwright/test").APIRequestContext,
  to: string,
  subject?: string,
): Promise<{ subject: string; links: string[] }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const messages = (await (await request.get("/dev/mail.json")).json()) as {
      to: string;
      subject: string;
      links: string[];
    }[];
    const found = messages.find((message) => message.to === to && (!subject || message.subject === subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email to ${to}`);
}
