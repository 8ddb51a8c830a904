/**
 * Closing an account for good (docs/product.md#your-data, docs/decisions/150-account-deletion.md, 153).
 *
 * Others keep what they wrote and what they did with the member (reviews of their referrals,
 * conversations, applications made through their referrals), so the member's rows are not simply
 * deleted: they move, in one batch, to a fresh "Deleted user" row whose random id has never been
 * seen, and the member's own row, sessions, tokens, mail and counters are deleted. Afterwards no
 * table holds the member's id, email or names; their referrals are withdrawn; every session and
 * socket has ended. Irreversible by construction: nothing links the new row to the old account.
 */
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { createId } from "../../../db/id";
import {
  applicationOutcomes,
  applications,
  auditLog,
  authTokens,
  blocks,
  chatMembers,
  chats,
  comments,
  creditCards,
  emailOutbox,
  messages,
  rateLimitHits,
  referralViews,
  referrals,
  reports,
  sessions,
  tips,
  users,
} from "../../../db/schema";
import { DomainError } from "~/core/errors";
import { requireActor, type Ctx } from "~/core/context.server";
import { hashToken } from "~/utils/crypto.server";
import { purgeReferralPages } from "~/modules/public/purge.server";
import { USER_NOT_FOUND } from "~/utils/messages";
import { checkCurrentPassword } from "./profile.server";

export const DELETION_MESSAGES = {
  deleted: "Your account has been deleted. Everything personal is gone.",
  lastAdmin: "You are the last active admin. Make another member an admin before you delete your account.",
  googleNotFresh:
    "Your account signs in with Google: sign in with Google again, then delete your account within 10 minutes.",
} as const;

/** How recent a Google sign-in must be to stand for the password it does not have. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/** The name others see in place of a deleted member (first and last name of the stand-in row). */
export const DELETED_USER = { firstName: "Deleted", lastName: "user" } as const;

const standInUsername = (id: string) => `deleted-${id.slice(0, 12)}`;

/** Rate-limit keys that carry a user id (app/modules/auth/accounts.server.ts, chats/commands.server.ts). */
const userKeys = (userId: string) => [
  `login-fail:user:${userId}`,
  `login-slow:user:${userId}`,
  `password-check:user:${userId}`,
  `chat-message:${userId}`,
  `chat-start:${userId}`,
  `chat-new:${userId}`,
];

/** Whether the session behind this token began less than FRESH_SIGN_IN_MS ago. */
function isFresh(session: { createdAt: Date } | undefined, now = Date.now()) {
  return Boolean(session && now - session.createdAt.getTime() <= FRESH_SIGN_IN_MS);
}

/** For the page: may a Google account confirm deletion with this session right now? */
export async function signInIsFresh(ctx: Pick<Ctx, "db" | "actor">, sessionToken: string) {
  const { id: userId } = requireActor(ctx);
  const session = await ctx.db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, await hashToken(sessionToken))))
    .get();
  return isFresh(session);
}

export async function deleteMyAccount(ctx: Ctx, input: { password?: string; currentSessionToken: string }) {
  const { id: userId } = requireActor(ctx);
  const { db } = ctx;
  const [[me], [session], memberships, otherAdmins, ownReferrals] = await db.batch([
    db
      .select({
        email: users.email,
        pendingEmail: users.pendingEmail,
        authProvider: users.authProvider,
        isAdmin: users.isAdmin,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, await hashToken(input.currentSessionToken)))),
    db.select({ chatId: chatMembers.chatId }).from(chatMembers).where(eq(chatMembers.userId, userId)),
    db
      .select({ count: sql<number>`count(*)` })
      .from(users)
      .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt), sql`${users.id} <> ${userId}`)),
    db.select({ id: referrals.id }).from(referrals).where(eq(referrals.referrerId, userId)),
  ]);
  if (!me) throw new DomainError(404, USER_NOT_FOUND);
  if (me.authProvider === "local") {
    await checkCurrentPassword(ctx, userId, input.password, "password");
  } else if (!isFresh(session)) {
    throw new DomainError(403, DELETION_MESSAGES.googleNotFresh);
  }
  if (me.isAdmin && (otherAdmins[0]?.count ?? 0) === 0) throw new DomainError(409, DELETION_MESSAGES.lastAdmin);

  const standIn = createId();
  const now = new Date();
  await db.batch([
    // The stand-in: no email, name, password or sign-in of the member; deactivated, so it cannot
    // sign in, has no profile page and its referrals leave the search (the referrer_active copy).
    db.insert(users).values({
      id: standIn,
      username: standInUsername(standIn),
      email: `${standIn}@deleted.invalid`,
      ...DELETED_USER,
      authProvider: "local",
      deactivatedAt: now,
      showFullName: true,
      showEmail: false,
      showReferrals: false,
      showApplications: false,
      emailNotifications: false,
      rating: sql`(SELECT ${users.rating} FROM ${users} WHERE ${users.id} = ${userId})`,
      reviewCount: sql`(SELECT ${users.reviewCount} FROM ${users} WHERE ${users.id} = ${userId})`,
      createdAt: now,
      updatedAt: now,
    }),
    // Withdrawn: off the market, and the link (which may carry the member's own code) is gone.
    db
      .update(referrals)
      .set({
        referrerId: standIn,
        isActive: false,
        referralLink: "",
        normalizedLink: sql`'withdrawn:' || ${referrals.id}`,
        additionalInfo: "",
        specialApplicantBonus: null,
      })
      .where(eq(referrals.referrerId, userId)),
    db
      .update(applications)
      .set({ applicantId: standIn, additionalInfo: "" })
      .where(eq(applications.applicantId, userId)),
    db.update(applications).set({ referrerId: standIn }).where(eq(applications.referrerId, userId)),
    // The other side's outcome timeline stays, its steps said by the stand-in.
    db.update(applicationOutcomes).set({ referrerId: standIn }).where(eq(applicationOutcomes.referrerId, userId)),
    db.update(applicationOutcomes).set({ actorId: standIn }).where(eq(applicationOutcomes.actorId, userId)),
    // The views were counted in referral_daily; who viewed is the member's alone.
    db.delete(referralViews).where(eq(referralViews.viewer, userId)),
    db.update(comments).set({ authorId: standIn }).where(eq(comments.authorId, userId)),
    db.update(chatMembers).set({ userId: standIn }).where(eq(chatMembers.userId, userId)),
    db
      .update(chats)
      .set({ directKey: sql`replace(${chats.directKey}, ${userId}, ${standIn})` })
      .where(
        inArray(
          chats.id,
          memberships.map((row) => row.chatId),
        ),
      ),
    db.update(chats).set({ createdById: standIn }).where(eq(chats.createdById, userId)),
    db.update(messages).set({ senderId: standIn }).where(eq(messages.senderId, userId)),
    db.update(creditCards).set({ createdById: standIn }).where(eq(creditCards.createdById, userId)),
    db.update(tips).set({ userId: standIn }).where(eq(tips.userId, userId)),
    db.update(reports).set({ reporterId: standIn }).where(eq(reports.reporterId, userId)),
    db.update(reports).set({ resolvedById: standIn }).where(eq(reports.resolvedById, userId)),
    db.update(auditLog).set({ actorId: standIn }).where(eq(auditLog.actorId, userId)),
    // Reports about the member and admins' actions on them stay, about the stand-in.
    db
      .update(reports)
      .set({ targetId: standIn })
      .where(and(eq(reports.targetType, "user"), eq(reports.targetId, userId))),
    db
      .update(auditLog)
      .set({ targetId: standIn })
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, userId))),
    // Blocks either way go: they are about the person, and the stand-in should not inherit them.
    db.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId))),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(authTokens).where(eq(authTokens.userId, userId)),
    db.delete(rateLimitHits).where(inArray(rateLimitHits.key, userKeys(userId))),
    // Mails to the member's own addresses; one that names an address (an email-change notice to the
    // old one) is found by it. A scan, but of a rare, one-off write. Mails to others that name the
    // member (outcome notices) carry `about_user_id`, whose foreign key deletes them with the row.
    ...[me.email, me.pendingEmail]
      .filter((address): address is string => Boolean(address))
      .map((address) =>
        db.delete(emailOutbox).where(or(eq(emailOutbox.to, address), sql`instr(${emailOutbox.text}, ${address}) > 0`)),
      ),
    db.delete(users).where(eq(users.id, userId)),
  ]);
  // The withdrawn referrals' public pages go; the sockets (tagged with the old id) are told and close.
  purgeReferralPages(ctx, { referralIds: ownReferrals.map((row) => row.id) });
  await ctx.realtime.closeUser(userId, { chatIds: memberships.map((row) => row.chatId), notifications: true });
  // Then the rooms forget them: the chat rooms' copy of messages (ADR 040) takes the stand-in as
  // sender and drops the record of their ended sessions; their notification room keeps nothing.
  const standInName = { id: standIn, username: standInUsername(standIn) };
  await Promise.all(memberships.map((row) => ctx.realtime.forgetMember(row.chatId, userId, standInName)));
  await ctx.realtime.forgetUser(userId);
  return { message: DELETION_MESSAGES.deleted };
}
