import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { authTokens, users } from "../../../db/schema";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { DomainError } from "~/core/errors";

/**
 * Refuses a username (case-insensitive) or email that another account holds, with a 409 naming
 * each clashing field. `exceptUserId` is the account being edited, which may keep its own. An
 * address that an unused revert link can give back to its account (docs/decisions/081) counts as
 * held: nobody can take it to block the revert.
 */
export async function assertUsernameAndEmailFree(
  db: Db,
  input: { username: string; email: string },
  exceptUserId?: string,
) {
  const clashes = sql`(lower(${users.username}) = ${input.username.toLowerCase()} OR ${users.email} = ${input.email})`;
  const clash = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(exceptUserId ? and(ne(users.id, exceptUserId), clashes) : clashes)
    .limit(2);
  const errors: Record<string, string> = {};
  if (clash.some((row) => row.username.toLowerCase() === input.username.toLowerCase())) {
    errors.username = AUTH_MESSAGES.usernameTaken;
  }
  if (clash.some((row) => row.email === input.email) || (await isReservedForRevert(db, input.email, exceptUserId))) {
    errors.email = AUTH_MESSAGES.emailTaken;
  }
  if (Object.keys(errors).length > 0) throw new DomainError(409, Object.values(errors)[0], errors);
}

async function isReservedForRevert(db: Db, email: string, exceptUserId?: string) {
  const reservation = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.email, email),
        eq(authTokens.purpose, "revert_email"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
        exceptUserId ? ne(authTokens.userId, exceptUserId) : undefined,
      ),
    )
    .get();
  return Boolean(reservation);
}
