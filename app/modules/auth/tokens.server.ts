/**
 * Single-use links (verify an address, reset a password, revert an email change): issued, checked
 * and spent by hash, never stored in clear. docs/decisions/081-verify-email-and-email-change.md.
 */
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { authTokens, type AuthTokenPurpose } from "../../../db/schema";
import { createToken, hashToken } from "~/utils/crypto.server";
import type { Services } from "~/core/services.server";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
export const VERIFY_TOKEN_MS = 24 * HOUR;
export const RESET_TOKEN_MS = 30 * MINUTE;
/** How long the old address can undo an email change: long enough to notice it after a holiday. */
export const REVERT_TOKEN_MS = 14 * 24 * HOUR;

/** A new single-use token; `email` is the address it proves (verify) or gives back (revert). */
export async function issueToken(
  services: Services,
  userId: string,
  purpose: AuthTokenPurpose,
  lifetimeMs: number,
  email: string | null = null,
) {
  const token = createToken();
  await services.db.insert(authTokens).values({
    userId,
    purpose,
    email,
    tokenHash: await hashToken(token),
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  return token;
}

/** Whether a token is unused, unexpired and for `purpose`, without spending it. */
export async function isTokenUsable(services: Services, token: string, purpose: AuthTokenPurpose) {
  const row = await services.db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, await hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .get();
  return Boolean(row);
}

/**
 * Marks a single-use token used, in one conditional statement: of two concurrent uses exactly one
 * gets the row back.
 */
export async function consumeToken(services: Services, token: string, purpose: AuthTokenPurpose) {
  const now = new Date();
  return services.db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, await hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId, email: authTokens.email })
    .get();
}

/** An absolute link into the app (for emails), on APP_ORIGIN. */
export function appUrl(services: Services, path: string, query: Record<string, string>) {
  const url = new URL(path, services.env.APP_ORIGIN);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * Voids every unused verification and reset link of a user (after an email or password change).
 * Revert links stay: they are how the owner of an old address undoes a change made by someone
 * holding the account, so nothing that someone can do would take them away.
 */
export async function voidOutstandingTokens(services: Services, userId: string) {
  await services.db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.usedAt),
        inArray(authTokens.purpose, ["verify_email", "reset_password"]),
      ),
    );
}
