/**
 * Accounts: registration, sign-in with a password, email verification and password reset, shared
 * by the /auth screens and /api/users; every rule lives here once. Email changes are in
 * email-change.server.ts and the single-use links in tokens.server.ts (docs/decisions/081).
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { authTokens, sessions, users } from "../../../db/schema";
import { closeUserConnections } from "~/modules/realtime/realtime.server";
import { createMailer } from "~/modules/email/mailer.server";
import { enqueueMail } from "~/modules/notifications/notify.server";
import { assertUsernameAndEmailFree } from "~/modules/users/uniqueness.server";
import { DomainError } from "~/core/errors";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { safeRedirect } from "~/utils/redirect";
import { countEvent, enforceRateLimit, isLimited } from "~/utils/rate-limit.server";
import type { Services } from "~/core/services.server";
import type { Ctx } from "~/core/context.server";
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from "./emails.server";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import { AUTH_MESSAGES } from "./messages";
import type { LoginInput, RegisterInput } from "./schemas";
import { createSession, sessionUserColumns, type SessionUser } from "./session.server";
import {
  appUrl,
  consumeToken,
  isTokenUsable,
  issueToken,
  RESET_TOKEN_MS,
  VERIFY_TOKEN_MS,
  voidOutstandingTokens,
} from "./tokens.server";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export { AUTH_MESSAGES };

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** Limits per client address (about 10 a minute) and the lockout-free slowdown per account. */
function limits(services: Services) {
  const scale = services.env.RATE_LIMIT_MULTIPLIER;
  return {
    perIp: (action: string, ip: string) => ({ key: `${action}:ip:${ip}`, limit: 10 * scale, windowMs: MINUTE }),
    /**
     * Failed sign-ins and registrations refused because the email or username is taken share one
     * budget: the registration answer says whether an address has an account, so asking it costs
     * what a wrong password costs.
     */
    failuresPerIp: (ip: string) => ({ key: `auth-fail:ip:${ip}`, limit: 10 * scale, windowMs: MINUTE }),
    attemptsPerIp: (ip: string) => ({ key: `login-attempt:ip:${ip}`, limit: 30 * scale, windowMs: MINUTE }),
    accountFailures: (userId: string) => ({ key: `login-fail:user:${userId}`, limit: 100 * scale, windowMs: HOUR }),
    accountSlowdown: (userId: string) => ({ key: `login-slow:user:${userId}`, limit: 1, windowMs: MINUTE }),
  };
}

/** A hash to compare against when the email is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | null = null;
const getDecoyHash = () => (decoyHash ??= hashPassword("decoy password 0"));

/**
 * Sends the verification link. `redirectTo` (a path on this site, e.g. the shared referral the person
 * signed up from) rides in the link, so verifying continues there (docs/product.md#shared-referrals).
 */
async function sendVerification(services: Services, user: { id: string; email: string }, redirectTo?: string) {
  const token = await issueToken(services, user.id, "verify_email", VERIFY_TOKEN_MS, user.email);
  const next = safeRedirect(redirectTo, "");
  const link = appUrl(services, "/auth/verify-email", {
    token,
    email: user.email,
    ...(next ? { redirectTo: next } : {}),
  });
  await createMailer(services.env, services.db).send(verificationEmail(user.email, link));
}

/**
 * Creates a local account and sends its verification email. Conflicts are 409s naming the field
 * (the spec's client shows 'An account with this email already exists'); each one counts as a
 * failure against the client's limit, like a wrong password.
 */
export async function registerUser(ctx: Ctx, input: RegisterInput, meta: RequestMeta) {
  const { db } = ctx;
  const limit = limits(ctx);
  if (await isLimited(db, limit.failuresPerIp(meta.ip))) throw new DomainError(429, AUTH_MESSAGES.tooManyFailures);
  await enforceRateLimit(db, limit.perIp("register", meta.ip));
  const conflict = async (error: DomainError) => {
    await countEvent(db, limit.failuresPerIp(meta.ip));
    return error;
  };
  try {
    await assertUsernameAndEmailFree(db, input);
  } catch (error) {
    throw error instanceof DomainError ? await conflict(error) : error;
  }

  const user = await db
    .insert(users)
    .values({
      username: input.username,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      authProvider: "local",
      passwordHash: await hashPassword(input.password),
      passwordChangedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email })
    .get();
  // Lost a race with a concurrent registration of the same name or email.
  if (!user) throw await conflict(new DomainError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken }));
  await sendVerification(ctx, user, input.redirectTo);
  return { userId: user.id, email: user.email, message: AUTH_MESSAGES.registered };
}

/**
 * Signs in with email and password and opens a new session (never reuses one). Unknown emails and
 * wrong passwords get the same answer in about the same time; failures are rate limited per client
 * and, past 100 an hour, slowed per account without locking its owner out.
 */
export async function loginWithPassword(ctx: Ctx, input: LoginInput, meta: RequestMeta) {
  const { db } = ctx;
  const limit = limits(ctx);
  if (await isLimited(db, limit.failuresPerIp(meta.ip))) throw new DomainError(429, AUTH_MESSAGES.tooManyFailures);
  // Counted atomically before the slow password check, so a burst of parallel guesses cannot
  // all slip under the failure limit above.
  await enforceRateLimit(db, limit.attemptsPerIp(meta.ip));
  const user = await db
    .select({
      ...sessionUserColumns,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .where(eq(users.email, input.email))
    .get();

  if (user && (await isLimited(db, limit.accountFailures(user.id)))) {
    if (await countEvent(db, limit.accountSlowdown(user.id))) throw new DomainError(429, AUTH_MESSAGES.accountSlowdown);
  }
  const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? (await getDecoyHash()));
  if (!user || !user.passwordHash || !passwordMatches) {
    await countEvent(db, limit.failuresPerIp(meta.ip));
    if (user) await countEvent(db, limit.accountFailures(user.id));
    throw new DomainError(401, AUTH_MESSAGES.invalidCredentials);
  }
  if (user.deactivatedAt) throw new DomainError(403, AUTH_MESSAGES.deactivated, undefined, "ACCOUNT_DEACTIVATED");
  if (!user.emailVerifiedAt) {
    throw new DomainError(403, AUTH_MESSAGES.notVerified, undefined, "EMAIL_NOT_VERIFIED");
  }
  if (needsRehash(user.passwordHash)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  const session = await createSession(db, user.id, { remember: input.remember, userAgent: meta.userAgent });
  const { passwordHash: _hash, emailVerifiedAt: _verified, deactivatedAt: _deactivated, ...sessionUser } = user;
  return { user: sessionUser satisfies SessionUser, session, message: AUTH_MESSAGES.signedIn };
}

/**
 * Verifies an address from its single-use link: a new account's address, or the new address of
 * an email change, which then becomes the sign-in address. The link signs in only a client with no
 * session, or leaves the session of the same account as it is; a client signed in to another
 * account is not touched (someone who mails their own link must not swap the session of whoever
 * clicks it: login CSRF) and is asked to sign in. docs/decisions/081. The client's account is
 * `ctx.actor` (null when signed out); `userAgent` labels a new session.
 */
export async function verifyEmail(ctx: Ctx, input: { token: string; userAgent: string | null }) {
  const { db } = ctx;
  const { token } = input;
  const currentUserId = ctx.actor?.id ?? null;
  const failed = () => new DomainError(400, AUTH_MESSAGES.verifyFailed, undefined, "VERIFICATION_FAILED");
  const used = await consumeToken(ctx, token, "verify_email");
  if (!used) throw failed();
  const account = await db
    .select({ email: users.email, pendingEmail: users.pendingEmail })
    .from(users)
    .where(and(eq(users.id, used.userId), isNull(users.deactivatedAt)))
    .get();
  // A link proves the address it was sent to (links from before migration 0009: the account's).
  const proven = used.email ?? account?.email;
  if (!account || (proven !== account.email && proven !== account.pendingEmail)) throw failed();
  const changed = proven !== account.email;
  let user: SessionUser | undefined;
  try {
    user = await db
      .update(users)
      .set(
        changed
          ? { email: proven, pendingEmail: null, emailVerifiedAt: new Date() }
          : { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${Date.now()})` },
      )
      .where(and(eq(users.id, used.userId), eq(users.email, account.email)))
      .returning(sessionUserColumns)
      .get();
  } catch (error) {
    // The new address was taken by another account since the change was asked for.
    if (isUniqueViolation(error))
      throw new DomainError(409, AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    throw error;
  }
  if (!user) throw failed();
  // Links mailed to the old address must not act on the account any more (revert links stay).
  if (changed) await voidOutstandingTokens(ctx, user.id);

  const head = changed ? AUTH_MESSAGES.emailChangeConfirmed : AUTH_MESSAGES.emailVerified;
  if (currentUserId === user.id) return { user, session: null, signedIn: true, message: head };
  if (currentUserId !== null) {
    return { user, session: null, signedIn: false, message: `${head} ${AUTH_MESSAGES.otherAccountSignedIn}` };
  }
  const session = await createSession(db, user.id, { remember: false, userAgent: input.userAgent });
  return { user, session, signedIn: true, message: `${head} ${AUTH_MESSAGES.nowSignedIn}` };
}

/** Sends a new verification link; the same answer whether or not the address has an account. */
export async function resendVerification(ctx: Ctx, email: string, meta: RequestMeta, redirectTo?: string) {
  await enforceRateLimit(ctx.db, limits(ctx).perIp("resend", meta.ip));
  const user = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.emailVerifiedAt), isNull(users.deactivatedAt)))
    .get();
  if (user) ctx.waitUntil(sendVerification(ctx, user, redirectTo));
  return { message: AUTH_MESSAGES.resent };
}

/**
 * Starts a password reset. The answer, and its timing, are the same whether or not the account
 * exists: the token and email are made after the response (waitUntil).
 */
export async function requestPasswordReset(ctx: Ctx, email: string, meta: RequestMeta) {
  await enforceRateLimit(ctx.db, limits(ctx).perIp("forgot", meta.ip));
  ctx.waitUntil(
    (async () => {
      const user = await ctx.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.email, email), isNull(users.deactivatedAt)))
        .get();
      if (!user) return;
      const token = await issueToken(ctx, user.id, "reset_password", RESET_TOKEN_MS);
      const link = appUrl(ctx, "/auth/reset-password", { token });
      await createMailer(ctx.env, ctx.db).send(passwordResetEmail(user.email, link));
    })(),
  );
  return { message: AUTH_MESSAGES.resetRequested };
}

/** Sets a new password from a reset link, ends every session of the user and tells them by email. */
/**
 * Whether a reset link can still set a password, checked when its page opens (without spending it),
 * so a used or expired link says so at once instead of after the form is filled in.
 */
export async function isResetLinkUsable(ctx: Ctx, token: string) {
  if (token.length < 20 || token.length > 200) return false;
  return isTokenUsable(ctx, token, "reset_password");
}

export async function resetPassword(ctx: Ctx, input: { token: string; password: string }) {
  const used = await consumeToken(ctx, input.token, "reset_password");
  if (!used) throw new DomainError(400, AUTH_MESSAGES.resetFailed, undefined, "RESET_FAILED");
  const passwordHash = await hashPassword(input.password);
  const { db } = ctx;
  const [, , , user] = await db.batch([
    db.delete(sessions).where(eq(sessions.userId, used.userId)),
    db
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.userId, used.userId),
          isNull(authTokens.usedAt),
          inArray(authTokens.purpose, ["verify_email", "reset_password"]),
        ),
      ),
    // A reset proves control of the inbox, so it also verifies the address.
    db
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: new Date(),
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${Date.now()})`,
      })
      .where(eq(users.id, used.userId)),
    db.select({ email: users.email }).from(users).where(eq(users.id, used.userId)),
  ]);
  await closeUserConnections(ctx, used.userId);
  if (user[0]) {
    await enqueueMail(ctx, {
      ...passwordChangedEmail(user[0].email),
      key: `password-changed:${used.userId}:${Date.now()}`,
    });
  }
  return { message: AUTH_MESSAGES.resetDone };
}
