/**
 * Profiles in JSON, as the spec's clients read them (its User entity, docs/product.md#api): the
 * signed-in user's own (`GET /api/users/me`, the answer to `PUT /api/users/profile`) and anyone's
 * public profile (`GET /api/users/profile/{id}`), with the privacy switches already applied.
 */
import { z } from "zod";
import type { OutcomeFigures } from "~/modules/reputation/figures";
import { OutcomeFiguresSchema } from "~/modules/reputation/figures-schema";
import { ApiUserSchema, toApiUser } from "~/modules/auth/present";
import type { PrivacySettings } from "./privacy";

export const PrivacySettingsSchema = z.object({
  showFullName: z.boolean(),
  showEmail: z.boolean(),
  showReferrals: z.boolean(),
  showApplications: z.boolean(),
});

const privacyOf = (row: PrivacySettings): PrivacySettings => ({
  showFullName: row.showFullName,
  showEmail: row.showEmail,
  showReferrals: row.showReferrals,
  showApplications: row.showApplications,
});

/** The signed-in user as they see themselves: the session's user plus their profile and settings. */
export const ApiOwnUserSchema = ApiUserSchema.extend({
  bio: z.string(),
  privacySettings: PrivacySettingsSchema,
  emailNotifications: z.boolean(),
  /** A new address waiting for its confirmation link (docs/decisions/081); null when none. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiOwnUser = z.infer<typeof ApiOwnUserSchema>;

/** The owner's row (users/profile.server.ts getOwnProfile) in that shape. */
export function toApiOwnUser(
  row: Parameters<typeof toApiUser>[0] &
    PrivacySettings & { bio: string; emailNotifications: boolean; pendingEmail: string | null; createdAt: Date },
): ApiOwnUser {
  return {
    ...toApiUser(row),
    bio: row.bio,
    privacySettings: privacyOf(row),
    emailNotifications: row.emailNotifications,
    pendingEmail: row.pendingEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Someone's public profile: names masked (and the username null) and the email left out as their
 * switches say (null), applications never visible to visitors, and
 * the referral counts only when their referrals are shown (null otherwise).
 */
export const ApiProfileSchema = z.object({
  _id: z.string(),
  /** Null when they hide their full name: a handle beside a masked name would unmask it. */
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  bio: z.string(),
  profileImage: z.string().nullable(),
  profilePicture: z.string().nullable(),
  authProvider: z.enum(["local", "google", "other"]),
  createdAt: z.string(),
  isOwner: z.boolean(),
  privacySettings: PrivacySettingsSchema,
  referralsVisible: z.boolean(),
  applicationsVisible: z.boolean(),
  /** The signed-in viewer blocks this member (docs/product.md#blocking); false for visitors. */
  blockedByYou: z.boolean(),
  /** The mean of the verified reviews of their referrals (1-5, docs/decisions/175), null before the first. */
  rating: z.number().nullable(),
  /** How many verified reviews `rating` is the mean of. */
  verifiedReviewCount: z.number().int(),
  /** Every review, first impressions included. */
  reviewCount: z.number().int(),
  referralsCount: z.number().int().nullable(),
  successfulReferralsCount: z.number().int().nullable(),
  // Reputation from confirmed outcomes (docs/decisions/170).
  ...OutcomeFiguresSchema.shape,
});
export type ApiProfile = z.infer<typeof ApiProfileSchema>;

/** A public profile (getPublicProfile) with its reputation (getReputation, privacy already applied). */
export function toApiProfile(
  profile: Omit<
    ApiProfile,
    | "profilePicture"
    | "rating"
    | "verifiedReviewCount"
    | "reviewCount"
    | "referralsCount"
    | "successfulReferralsCount"
    | keyof OutcomeFigures
  >,
  reputation: {
    rating: number | null;
    reviewCount: number;
    verifiedReviewCount: number;
    referrals: { count: number; successful: number } | null;
    figures: OutcomeFigures;
  },
): ApiProfile {
  return {
    ...profile,
    profilePicture: profile.profileImage,
    rating: reputation.rating,
    reviewCount: reputation.reviewCount,
    verifiedReviewCount: reputation.verifiedReviewCount,
    referralsCount: reputation.referrals?.count ?? null,
    successfulReferralsCount: reputation.referrals?.successful ?? null,
    ...reputation.figures,
  };
}
