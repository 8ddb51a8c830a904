/**
 * Profiles: reading one's own and other people's (with privacy applied on the server), editing
 * profile fields, privacy and notification settings, and changing a password.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { blocks, sessions, users } from "../../../db/schema";
import { requestEmailChange } from "~/modules/auth/email-change.server";
import { voidOutstandingTokens } from "~/modules/auth/tokens.server";
import { passwordChangedEmail } from "~/modules/auth/emails.server";
import { hashPassword, verifyPassword } from "~/modules/auth/password.server";
import { closeUserConnections } from "~/modules/realtime/realtime.server";
import { enqueueMail } from "~/modules/notifications/notify.server";
import { DomainError } from "~/core/errors";
import { hashToken } from "~/utils/crypto.server";
import { enforceRateLimit } from "~/utils/rate-limit.server";
import type { Services } from "~/core/services.server";
import { requireActor, type Ctx } from "~/core/context.server";
import { assertUsernameAndEmailFree } from "./uniqueness.server";
import { visibleNames, type PrivacySettings } from "./privacy";
import type { ChangePasswordInput, ProfileInput } from "./schemas";
import { USER_NOT_FOUND } from "~/utils/messages";

export const PROFILE_MESSAGES = {
  notFound: USER_NOT_FOUND,
  currentPasswordRequired: "Current password is required",
  currentPasswordIncorrect: "Current password is incorrect",
  googleEmail: "The email of a Google account is managed by Google.",
  passwordUpdated: "Password updated successfully",
  profileUpdated: "Profile updated successfully",
  privacyUpdated: "Privacy settings updated",
  notificationsUpdated: "Notification settings updated",
  notLocal: "Your account signs in with Google, so it has no Cardshare password to change.",
} as const;

/** What `visibleNames` (privacy.ts) needs of a member: read beside whatever names them. */
export const nameColumns = {
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  showFullName: users.showFullName,
};

/** The member's own profile fields, as Personal Info and the data export read them. */
export const ownColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  pendingEmail: users.pendingEmail,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  profileImage: users.profileImage,
  authProvider: users.authProvider,
  isAdmin: users.isAdmin,
  emailVerifiedAt: users.emailVerifiedAt,
  showFullName: users.showFullName,
  showEmail: users.showEmail,
  showReferrals: users.showReferrals,
  showApplications: users.showApplications,
  emailNotifications: users.emailNotifications,
  createdAt: users.createdAt,
};

/** Everything the acting member may see and edit of their own account (never the password hash). */
export async function getOwnProfile(ctx: Pick<Ctx, "db" | "actor">) {
  const { id: userId } = requireActor(ctx);
  const profile = await ctx.db.select(ownColumns).from(users).where(eq(users.id, userId)).get();
  if (!profile) throw new DomainError(404, PROFILE_MESSAGES.notFound);
  return profile;
}
export type OwnProfile = Awaited<ReturnType<typeof getOwnProfile>>;

/**
 * A profile as the viewer (`ctx.actor`, a visitor when null) may see it: names masked when hidden
 * (and the username left out with them), email only when shown, and which tabs are private. Hidden values are removed here, so neither
 * HTML nor JSON can leak them.
 */
export async function getPublicProfile(ctx: Pick<Ctx, "db" | "actor">, input: { userId: string }) {
  const viewerId = ctx.actor?.id ?? null;
  const row = await ctx.db
    .select({
      ...ownColumns,
      // Read with the profile (one trip); a visitor (null) blocks nobody.
      blockedByYou: sql<number>`exists (select 1 from ${blocks}
        where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${users.id})`,
    })
    .from(users)
    .where(and(eq(users.id, input.userId), sql`${users.deactivatedAt} IS NULL`))
    .get();
  if (!row) throw new DomainError(404, PROFILE_MESSAGES.notFound);
  const isOwner = viewerId === row.id;
  const namesShown = isOwner || row.showFullName;
  return {
    _id: row.id,
    // A handle beside a masked name would unmask it (usernames are often the name): hidden with it.
    username: namesShown ? row.username : null,
    ...visibleNames(row, isOwner),
    email: isOwner || row.showEmail ? row.email : null,
    bio: row.bio,
    profileImage: row.profileImage,
    authProvider: row.authProvider,
    createdAt: row.createdAt.toISOString(),
    isOwner,
    privacySettings: {
      showFullName: row.showFullName,
      showEmail: row.showEmail,
      showReferrals: row.showReferrals,
      showApplications: row.showApplications,
    },
    referralsVisible: isOwner || row.showReferrals,
    // Applications are never shown to visitors: showApplications is "members may see them"
    // (docs/decisions/120-applications-members-only.md).
    applicationsVisible: isOwner || (viewerId !== null && row.showApplications),
    /** The viewer blocks this member (docs/product.md#blocking). */
    blockedByYou: Boolean(row.blockedByYou),
  };
}
export type PublicProfile = Awaited<ReturnType<typeof getPublicProfile>>;

/**
 * Updates the fields a user may set on their own profile; anything else in the input (isAdmin,
 * authProvider, verification) is not part of the schema and never reaches the database. A new
 * email needs the current password and is only asked for: it waits for confirmation from its
 * inbox while the current address stays the sign-in address (requestEmailChange).
 */
export async function updateProfile(ctx: Ctx, input: ProfileInput) {
  const { id: userId } = requireActor(ctx);
  const { db } = ctx;
  const current = await getOwnProfile(ctx);
  await assertUsernameAndEmailFree(db, input, userId);

  const { email, currentPassword, ...fields } = input;
  const emailChanged = email !== current.email;
  if (emailChanged) {
    if (current.authProvider !== "local") {
      throw new DomainError(400, PROFILE_MESSAGES.googleEmail, { email: PROFILE_MESSAGES.googleEmail });
    }
    await checkCurrentPassword(ctx, userId, currentPassword);
  }
  await db.update(users).set(fields).where(eq(users.id, userId));
  if (emailChanged) await requestEmailChange(ctx, { id: userId, email: current.email }, email);
  return { message: PROFILE_MESSAGES.profileUpdated, emailChangePending: emailChanged ? email : null };
}

/**
 * The current password of a local account, before a change a stolen session must not make alone
 * (the password, the email): missing or wrong is a 400 on `currentPassword`; 5 tries per 15 minutes.
 */
export async function checkCurrentPassword(
  services: Services,
  userId: string,
  password: string | undefined,
  field: "currentPassword" | "password" = "currentPassword",
) {
  const { db } = services;
  const user = await db
    .select({ passwordHash: users.passwordHash, authProvider: users.authProvider })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!user) throw new DomainError(404, PROFILE_MESSAGES.notFound);
  if (user.authProvider !== "local" || !user.passwordHash) throw new DomainError(403, PROFILE_MESSAGES.notLocal);
  if (!password) {
    throw new DomainError(400, PROFILE_MESSAGES.currentPasswordRequired, {
      [field]: PROFILE_MESSAGES.currentPasswordRequired,
    });
  }
  await enforceRateLimit(db, {
    key: `password-check:user:${userId}`,
    limit: 5 * services.env.RATE_LIMIT_MULTIPLIER,
    windowMs: 15 * 60 * 1000,
  });
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new DomainError(400, PROFILE_MESSAGES.currentPasswordIncorrect, {
      [field]: PROFILE_MESSAGES.currentPasswordIncorrect,
    });
  }
}

export async function updatePrivacy(ctx: Pick<Ctx, "db" | "actor">, settings: PrivacySettings) {
  const { id: userId } = requireActor(ctx);
  await ctx.db.update(users).set(settings).where(eq(users.id, userId));
  return { message: PROFILE_MESSAGES.privacyUpdated, privacySettings: settings };
}

/**
 * Changes a local account's password after checking the current one; every other session of the
 * user ends (the one in use stays: `currentSessionToken`) and a notice is emailed.
 */
export async function changePassword(ctx: Ctx, input: ChangePasswordInput & { currentSessionToken: string }) {
  const { id: userId } = requireActor(ctx);
  const { db } = ctx;
  await checkCurrentPassword(ctx, userId, input.currentPassword);
  const user = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new DomainError(404, PROFILE_MESSAGES.notFound);
  const keep = await hashToken(input.currentSessionToken);
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), passwordChangedAt: new Date() })
      .where(eq(users.id, userId)),
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep))),
  ]);
  await closeUserConnections(ctx, userId);
  await voidOutstandingTokens(ctx, userId);
  await enqueueMail(ctx, { ...passwordChangedEmail(user.email), key: `password-changed:${userId}:${Date.now()}` });
  return { message: PROFILE_MESSAGES.passwordUpdated };
}
