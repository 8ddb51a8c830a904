/**
 * Changing a member's email: the new address waits until verified, the old one is told and can
 * undo it. docs/decisions/081-verify-email-and-email-change.md.
 */
import { and, eq, isNull } from "drizzle-orm";
import { authTokens, sessions, users } from "../../../db/schema";
import { DomainError } from "~/core/errors";
import { createMailer } from "~/modules/email/mailer.server";
import { closeUserConnections } from "~/modules/realtime/realtime.server";
import { isUniqueViolation } from "~/utils/db-errors.server";
import type { Services } from "~/core/services.server";
import type { Ctx } from "~/core/context.server";
import { emailChangeConfirmEmail, emailChangeNoticeEmail } from "./emails.server";
import { AUTH_MESSAGES } from "./messages";
import {
  appUrl,
  consumeToken,
  isTokenUsable,
  issueToken,
  REVERT_TOKEN_MS,
  VERIFY_TOKEN_MS,
  voidOutstandingTokens,
} from "./tokens.server";

/**
 * Asks for a new address (the caller has checked the current password): `newEmail` waits in
 * `pending_email` and gets a confirmation link; the current address stays the sign-in address and
 * gets a notice with a link that undoes the change and ends every session. docs/decisions/081.
 */
export async function requestEmailChange(services: Services, user: { id: string; email: string }, newEmail: string) {
  const { db } = services;
  // Earlier confirmation and reset links die; earlier revert links stay usable.
  await voidOutstandingTokens(services, user.id);
  await db.update(users).set({ pendingEmail: newEmail }).where(eq(users.id, user.id));
  const confirm = await issueToken(services, user.id, "verify_email", VERIFY_TOKEN_MS, newEmail);
  const revert = await issueToken(services, user.id, "revert_email", REVERT_TOKEN_MS, user.email);
  const mailer = createMailer(services.env, db);
  await mailer.send(
    emailChangeConfirmEmail(newEmail, appUrl(services, "/auth/verify-email", { token: confirm, email: newEmail })),
  );
  await mailer.send(
    emailChangeNoticeEmail(user.email, newEmail, appUrl(services, "/auth/revert-email", { token: revert })),
  );
}

/** GET /auth/revert-email: whether a revert link is still usable, without spending it. */
export async function isRevertTokenUsable(ctx: Ctx, token: string) {
  return isTokenUsable(ctx, token, "revert_email");
}

/**
 * The old address's link: gives the account its address back, drops a pending change, ends every
 * session (and closes their sockets) and voids every other link, so whoever changed it is out.
 */
export async function revertEmailChange(ctx: Ctx, token: string) {
  const { db } = ctx;
  const used = await consumeToken(ctx, token, "revert_email");
  if (!used?.email) throw new DomainError(400, AUTH_MESSAGES.revertFailed, undefined, "REVERT_FAILED");
  try {
    await db.batch([
      db
        .update(users)
        .set({ email: used.email, pendingEmail: null, emailVerifiedAt: new Date() })
        .where(eq(users.id, used.userId)),
      db.delete(sessions).where(eq(sessions.userId, used.userId)),
      db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.userId, used.userId), isNull(authTokens.usedAt))),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError(409, AUTH_MESSAGES.revertTaken, undefined, "REVERT_FAILED");
    throw error;
  }
  await closeUserConnections(ctx, used.userId);
  return { email: used.email, message: AUTH_MESSAGES.emailReverted };
}
