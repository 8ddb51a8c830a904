/**
 * The single schema of Cardshare. Migrations in migrations/ are generated from this file by
 * `npm run db:generate` (drizzle-kit); only what drizzle cannot express (FTS5) is written by hand.
 *
 * Conventions (docs/decisions/001-ids-and-timestamps.md):
 * - ids are random, URL-safe text (`createId()`), exposed in JSON as `_id` or `id` per the spec;
 * - times are integers in milliseconds since the epoch (`timestamp_ms`), so keyset pagination on
 *   (created_at, id) is a plain integer comparison;
 * - booleans are integers 0/1 (`mode: "boolean"`).
 */
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";
import {
  APPLICATION_STATUSES,
  AUTH_PROVIDERS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  AUTH_TOKEN_PURPOSES,
  BONUS_UNITS,
  CARD_CATEGORIES,
  COMMENT_TYPES,
  LINK_REVIEW_REASONS,
  REFERRAL_EVENTS,
  OFFER_KINDS,
  OUTCOME_STEPS,
  DISPUTE_DECISIONS,
  REVIEW_STAGES,
  SHARE_METHODS,
} from "./enums";
import { createId } from "./id";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => createId());

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

const bool = (name: string) => integer(name, { mode: "boolean" });

export * from "./enums";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    /** Stored lower-cased; unique. The sign-in address. */
    email: text("email").notNull(),
    /**
     * A new address asked for on Personal Info, waiting to be confirmed from its inbox; `email`
     * stays the sign-in address until then (docs/decisions/081).
     */
    pendingEmail: text("pending_email"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    bio: text("bio").notNull().default(""),
    profileImage: text("profile_image"),
    authProvider: text("auth_provider", { enum: AUTH_PROVIDERS }).notNull().default("local"),
    /** Google's stable subject id, for accounts created or linked through Google. */
    googleSubject: text("google_subject"),
    /** Versioned PBKDF2 string (docs/decisions); null for accounts that only use Google. */
    passwordHash: text("password_hash"),
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    isAdmin: bool("is_admin").notNull().default(false),
    deactivatedAt: integer("deactivated_at", { mode: "timestamp_ms" }),
    showFullName: bool("show_full_name").notNull().default(true),
    showEmail: bool("show_email").notNull().default(false),
    showReferrals: bool("show_referrals").notNull().default(true),
    showApplications: bool("show_applications").notNull().default(true),
    /** Whether to email the user about new chat messages and application updates. */
    emailNotifications: bool("email_notifications").notNull().default(true),
    passwordChangedAt: integer("password_changed_at", { mode: "timestamp_ms" }),
    /**
     * Reputation as a referrer, kept by the comments domain when a review, a rating or an
     * application's status changes (docs/decisions/175): the mean of the current ratings of the
     * verified reviews only (null before the first), all reviews counted, and the verified ones.
     */
    rating: real("rating"),
    reviewCount: integer("review_count").notNull().default(0),
    verifiedReviewCount: integer("verified_review_count").notNull().default(0),
    /**
     * Reputation from confirmed outcomes (docs/decisions/170), recounted by the outcomes domain in
     * the batch of each step: applications whose bonus both sides confirmed, shares owed (bonus
     * posted with a share promised), shares the applicant confirmed received, the median days from
     * bonus posted to share paid over those, and disputes still open.
     */
    confirmedSuccesses: integer("confirmed_successes").notNull().default(0),
    sharesPromised: integer("shares_promised").notNull().default(0),
    sharesPaid: integer("shares_paid").notNull().default(0),
    medianDaysToPay: real("median_days_to_pay"),
    openDisputes: integer("open_disputes").notNull().default(0),
    /** Disputes an admin decided against them (docs/decisions/175). */
    disputesUpheld: integer("disputes_upheld").notNull().default(0),
    /**
     * Shares past their deadline and not marked paid (docs/decisions/185), recounted by the
     * share-paid step's batch and by the cron (app/modules/shares/late.server.ts).
     */
    lateShares: integer("late_shares").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_subject_unique").on(t.googleSubject),
    index("users_created_at_idx").on(t.createdAt, t.id),
    index("users_admin_idx").on(t.isAdmin),
    // Admin user search: indexed prefix ranges on lower-cased names (email is stored lower-cased).
    // (first, last) so "ada lov" seeks to first name = ada, last name from lov.
    index("users_full_name_lower_idx").on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`),
    index("users_last_name_lower_idx").on(sql`lower(${t.lastName})`),
    // The cron's late-share recount revisits referrers with late shares (docs/decisions/185).
    index("users_late_shares_idx")
      .on(t.id)
      .where(sql`${t.lateShares} > 0`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    /** Remember me: 30 days sliding; otherwise 12 hours and a browser-session cookie. */
    remember: bool("remember").notNull().default(false),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_unique").on(t.tokenHash),
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/** Single-use email-verification, password-reset and email-revert tokens, stored hashed. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /**
     * The address a verify_email token proves, or the one a revert_email token gives back (null on
     * reset tokens and on verification links sent before migration 0009).
     */
    email: text("email"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash),
    index("auth_tokens_user_purpose_idx").on(t.userId, t.purpose),
    // An address an unused revert link can give back stays reserved (uniqueness.server.ts).
    index("auth_tokens_email_purpose_idx").on(t.email, t.purpose),
  ],
);

/**
 * What a point or mile of a rewards program is worth, in US cents (docs/decisions/185): a share of
 * a points bonus is turned into dollars with it. Admins keep it at /admin/valuations; seeded by
 * migration 0019 with published valuations (its `source`).
 */
export const rewardValuations = sqliteTable(
  "reward_valuations",
  {
    id: text("id").primaryKey(),
    program: text("program").notNull(),
    unit: text("unit", { enum: ["Points", "Miles"] })
      .notNull()
      .default("Points"),
    centsPerPoint: real("cents_per_point").notNull(),
    source: text("source").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("reward_valuations_program_unique").on(sql`lower(${t.program})`)],
);

export const creditCards = sqliteTable(
  "credit_cards",
  {
    id: id(),
    name: text("name").notNull(),
    /**
     * The card's public page is /cards/{slug} (docs/product.md#card-pages): lower-case words joined
     * by hyphens, unique, set when the card is created and kept when it is renamed (old links live).
     */
    slug: text("slug").notNull(),
    issuer: text("issuer").notNull(),
    category: text("category", { enum: CARD_CATEGORIES }).notNull().default("Other"),
    /** Whole US dollars. */
    annualFee: integer("annual_fee").notNull().default(0),
    hasVariousReferrerBonus: bool("has_various_referrer_bonus").notNull().default(false),
    referralBonusAmount: real("referral_bonus_amount").notNull().default(0),
    referralBonusUnit: text("referral_bonus_unit", { enum: BONUS_UNITS }).notNull().default("USD"),
    benefitForReferrer: text("benefit_for_referrer").notNull().default(""),
    applyBenefitWithReferral: text("apply_benefit_with_referral").notNull().default(""),
    /**
     * The applicant's welcome offer in structured form, beside the free text above
     * (docs/decisions/130-welcome-offers-and-estimated-values.md): amount and unit (0 = no offer),
     * the minimum spend in whole US dollars and the months to spend it in (0 = not stated).
     */
    offerAmount: real("offer_amount").notNull().default(0),
    offerUnit: text("offer_unit", { enum: BONUS_UNITS }).notNull().default("USD"),
    offerMinSpend: integer("offer_min_spend").notNull().default(0),
    offerMonths: integer("offer_months").notNull().default(0),
    /** The rewards program its points or miles belong to (its value per point), null for cash cards. */
    rewardsProgramId: text("rewards_program_id").references(() => rewardValuations.id, { onDelete: "set null" }),
    description: text("description").notNull().default(""),
    officialWebsite: text("official_website"),
    imageUrl: text("image_url"),
    active: bool("active").notNull().default(true),
    /** Per-user referral cap; 0 means unlimited. */
    maxReferCount: integer("max_refer_count").notNull().default(0),
    isUserAdded: bool("is_user_added").notNull().default(false),
    /**
     * The card's market for the catalogue (docs/product.md#catalogue, ADR 200), kept by the
     * triggers of migration 0021: its live referrals (LISTED_CONDITION), the best share one of
     * them promises in estimated US dollars (referrals/share.ts), and its welcome offer's
     * estimated value (cards/value.ts), so /cards sorts and pages on an index of this table and
     * never reads the referrals.
     */
    liveReferrals: integer("live_referrals").notNull().default(0),
    bestShareValue: real("best_share_value").notNull().default(0),
    offerValue: real("offer_value").notNull().default(0),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("credit_cards_slug_unique").on(t.slug),
    index("credit_cards_active_issuer_idx").on(t.active, t.issuer, t.name),
    index("credit_cards_issuer_idx").on(t.issuer, t.name),
    // The admin list's name search (prefix range) and A-Z order.
    index("credit_cards_name_lower_idx").on(sql`lower(${t.name})`, t.id),
    index("credit_cards_created_idx").on(t.createdAt, t.id),
    index("credit_cards_user_added_idx").on(t.isUserAdded, t.createdAt),
    // The catalogue's sorts (ADR 200): listed cards by each order, keyset on (value, id).
    index("credit_cards_market_referrals_idx").on(t.active, t.isUserAdded, t.liveReferrals, t.id),
    index("credit_cards_market_share_idx").on(t.active, t.isUserAdded, t.bestShareValue, t.id),
    index("credit_cards_market_offer_idx").on(t.active, t.isUserAdded, t.offerValue, t.id),
    index("credit_cards_market_fee_idx").on(t.active, t.isUserAdded, t.annualFee, t.id),
  ],
);

/**
 * A referral shown on /apply: active, its card active, its referrer not deactivated, slots left.
 * Written as literals (no bound parameters) so SQLite can match the partial indexes below.
 */
export const LISTED_CONDITION = `"is_active" = 1 AND "card_active" = 1 AND "referrer_active" = 1 AND coalesce("available_refer_count", 1) > 0`;
/** LISTED_CONDITION as drizzle SQL, over the bare columns of whichever referrals row is in scope. */
export const LISTED_SQL = sql.raw(LISTED_CONDITION);

export const referrals = sqliteTable(
  "referrals",
  {
    id: id(),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    creditCardId: text("credit_card_id")
      .notNull()
      .references(() => creditCards.id, { onDelete: "restrict" }),
    referralLink: text("referral_link").notNull(),
    /** Lower-case host, no tracking parameters, no trailing slash: used to flag duplicates. */
    normalizedLink: text("normalized_link").notNull(),
    /** The referrer's credit score, or null when not given. */
    referrerCredit: integer("referrer_credit"),
    sharingBenefitPortion: integer("sharing_benefit_portion").notNull().default(0),
    /**
     * The share as money (docs/decisions/185-share-is-money.md): the US cents the applicant
     * receives (null with no share, or when the bonus has no value to compute it from), how, and
     * within how many days of the bonus posting. `shareTermsSetAt` is null until the referrer
     * named them (backfilled and API-created referrals carry the valuation's amount and 'chat').
     */
    shareAmountCents: integer("share_amount_cents"),
    shareMethod: text("share_method", { enum: SHARE_METHODS }).notNull().default("chat"),
    shareMethodNote: text("share_method_note"),
    shareDeadlineDays: integer("share_deadline_days").notNull().default(7),
    shareTermsSetAt: integer("share_terms_set_at", { mode: "timestamp_ms" }),
    additionalInfo: text("additional_info").notNull().default(""),
    specialApplicantBonusIsHigher: bool("special_applicant_bonus_is_higher").notNull().default(false),
    specialApplicantBonus: text("special_applicant_bonus"),
    specialReferrerBonusAmount: real("special_referrer_bonus_amount"),
    specialReferrerBonusUnit: text("special_referrer_bonus_unit", { enum: BONUS_UNITS }),
    /** Remaining slots; null means unlimited. Decremented atomically on apply. */
    availableReferCount: integer("available_refer_count"),
    isActive: bool("is_active").notNull().default(true),
    /**
     * Set when an admin deactivates the referral (moderation): its owner cannot reopen it, only an
     * admin can, which clears it. The owner's own Mark as Inactive leaves it null.
     */
    moderatedAt: integer("moderated_at", { mode: "timestamp_ms" }),
    /**
     * When the referrer last said the link works: at creation, edit, reopening or re-confirmation.
     * Older than 90 days, the referral is stale and sinks in the rotation (docs/product.md#link-health).
     */
    linkConfirmedAt: integer("link_confirmed_at", { mode: "timestamp_ms" }),
    /**
     * Set when reports from 3 distinct verified members took it off the market (is_active = 0); the
     * referrer's reopening, re-confirmation or edit clears it (docs/product.md#link-health).
     */
    heldAt: integer("held_at", { mode: "timestamp_ms" }),
    /**
     * Why the link waits for an admin's look (docs/decisions/155-link-domains-and-review.md), null
     * when it does not. With `reviewHeldAt` the referral is off the market (is_active = 0) until an
     * admin approves it; without (a link published before the rules), it stays live and is flagged.
     */
    linkReview: text("link_review", { enum: LINK_REVIEW_REASONS }),
    reviewHeldAt: integer("review_held_at", { mode: "timestamp_ms" }),
    /** When the link was checked against its issuer's domains; null for links older than the rules. */
    linkVettedAt: integer("link_vetted_at", { mode: "timestamp_ms" }),
    /**
     * What the scheduled link check last saw (docs/product.md#link-health): the HTTP status (0 when
     * the request failed or timed out), the host it redirected to (or its own) and when. Shown to
     * the referrer and admins; never acted on by itself.
     */
    linkCheckStatus: integer("link_check_status"),
    linkCheckHost: text("link_check_host"),
    linkCheckedAt: integer("link_checked_at", { mode: "timestamp_ms" }),
    applicationsCount: integer("applications_count").notNull().default(0),
    successfulCount: integer("successful_count").notNull().default(0),
    /** Short public code for GET /api/referrals/card-refer/code/{code}. */
    code: text("code"),
    /**
     * The one duplicate-link flag admins review: set on both sides when two accounts publish the same
     * normalised link (a new referral points at the earliest twin; a twin without a flag points at
     * the new one). Written by createReferral in the referral's batch.
     */
    duplicateOfId: text("duplicate_of_id"),
    /**
     * Copies of the card's and referrer's state, kept by triggers (migrations/0003_referrals_search.sql)
     * so that every /apply filter and sort rides on one index of this table.
     */
    cardActive: bool("card_active").notNull().default(true),
    cardAnnualFee: integer("card_annual_fee").notNull().default(0),
    /** The special referrer bonus when given, else the card's bonus amount (raw number, any unit). */
    bonusAmount: real("bonus_amount").notNull().default(0),
    /**
     * The referral bonus's estimated value in US dollars (docs/decisions/130): the "referral bonus"
     * sort, so 30,000 points no longer outrank $500. Kept by the triggers of migration 0012.
     */
    bonusValue: real("bonus_value").notNull().default(0),
    /** The card's issuer and category, for /apply's filters (triggers of migration 0012). */
    cardIssuer: text("card_issuer").notNull().default(""),
    cardCategory: text("card_category", { enum: CARD_CATEGORIES }).notNull().default("Other"),
    /** What the card's welcome offer pays in (OFFER_KINDS): /apply's bonus-type filter. */
    offerKind: text("offer_kind", { enum: OFFER_KINDS }).notNull().default("none"),
    referrerActive: bool("referrer_active").notNull().default(true),
    /** Weighted random keys of the fair default order, one per rotation slot (docs/decisions/020). */
    rotation0: real("rotation_0").notNull().default(0),
    rotation1: real("rotation_1").notNull().default(0),
    rotation2: real("rotation_2").notNull().default(0),
    rotation3: real("rotation_3").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    const filterColumns = [t.cardIssuer, t.cardCategory, t.offerKind] as const;
    return [
      uniqueIndex("referrals_code_unique").on(t.code),
      // The admin list's "Duplicates only" filter, newest first.
      index("referrals_duplicate_idx")
        .on(t.createdAt, t.id)
        .where(sql`${t.duplicateOfId} IS NOT NULL`),
      // The /apply orders: each index holds the filter columns, so filtering never reads the table.
      ...([t.rotation0, t.rotation1, t.rotation2, t.rotation3] as const).map((key, slot) =>
        index(`referrals_rotation${slot}_idx`)
          .on(key, t.id, t.referrerCredit, t.sharingBenefitPortion, t.cardAnnualFee, ...filterColumns)
          .where(LISTED_SQL),
      ),
      index("referrals_sharing_idx")
        .on(t.sharingBenefitPortion, t.id, t.referrerCredit, t.cardAnnualFee, ...filterColumns)
        .where(LISTED_SQL),
      // referrals_credit_idx, on coalesce(referrer_credit, 0), is in the hand-written migration 0004:
      // drizzle-kit cannot write expression indexes.
      index("referrals_bonus_idx")
        .on(t.bonusValue, t.id, t.referrerCredit, t.sharingBenefitPortion, t.cardAnnualFee, ...filterColumns)
        .where(LISTED_SQL),
      index("referrals_fee_idx")
        .on(t.cardAnnualFee, t.id, t.referrerCredit, t.sharingBenefitPortion, ...filterColumns)
        .where(LISTED_SQL),
      index("referrals_referrer_idx").on(t.referrerId, t.createdAt, t.id),
      index("referrals_card_idx").on(t.creditCardId, t.isActive),
      // A card's best share (migration 0021's triggers) read as one index step, not a scan of the
      // card's referrals for each referral a card-wide change touches.
      index("referrals_card_best_share_idx").on(t.creditCardId, t.shareAmountCents).where(LISTED_SQL),
      index("referrals_active_created_idx").on(t.isActive, t.createdAt, t.id),
      index("referrals_normalized_link_idx").on(t.normalizedLink),
      // The admins' link review queue, newest first; and the sweep of links older than the rules.
      index("referrals_link_review_idx")
        .on(t.createdAt, t.id)
        .where(sql`${t.linkReview} IS NOT NULL`),
      index("referrals_link_unvetted_idx")
        .on(t.id)
        .where(sql`${t.linkVettedAt} IS NULL`),
      // The scheduled link check: live referrals, least recently checked first (never checked: NULL sorts first).
      index("referrals_link_check_idx")
        .on(t.linkCheckedAt, t.id)
        .where(sql`${t.isActive} = 1`),
      // Admin referral lists: newest first, all or per card, keyset on (created_at, id).
      index("referrals_created_idx").on(t.createdAt, t.id),
      index("referrals_card_created_idx").on(t.creditCardId, t.createdAt, t.id),
      uniqueIndex("referrals_one_active_per_card")
        .on(t.referrerId, t.creditCardId)
        .where(sql`${t.isActive} = 1`),
    ];
  },
);

export const applications = sqliteTable(
  "applications",
  {
    id: id(),
    referralId: text("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    applicantId: text("applicant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Copied from the referral so "applications to me" needs no join to filter. */
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    creditCardId: text("credit_card_id")
      .notNull()
      .references(() => creditCards.id, { onDelete: "restrict" }),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("pending"),
    additionalInfo: text("additional_info").notNull().default(""),
    /**
     * What the referrer promised when the member applied (docs/product.md#apply-dialog): the share
     * in percent and the referral bonus it is a share of, copied from the referral in the apply
     * batch so a later edit of the referral never changes it.
     */
    promisedSharePercent: integer("promised_share_percent").notNull().default(0),
    promisedBonusAmount: real("promised_bonus_amount").notNull().default(0),
    promisedBonusUnit: text("promised_bonus_unit", { enum: BONUS_UNITS }).notNull().default("USD"),
    /** The share's terms as promised, copied from the referral in the same batch (docs/decisions/185). */
    promisedShareCents: integer("promised_share_cents"),
    promisedShareMethod: text("promised_share_method", { enum: SHARE_METHODS }).notNull().default("chat"),
    promisedShareMethodNote: text("promised_share_method_note"),
    promisedShareDeadlineDays: integer("promised_share_deadline_days").notNull().default(7),
    /**
     * When the promised share is due: the first bonus step plus the deadline's days; cleared when
     * the share is marked paid. Past it, the share is late (docs/decisions/185).
     */
    shareDueAt: integer("share_due_at", { mode: "timestamp_ms" }),
    /**
     * When the referrer's analytics counted this application's approval, once (ADR 173): its first
     * move into Successful, or its bonus confirmed by both sides if that came first.
     */
    approvedAt: integer("approved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("applications_one_per_referral").on(t.referralId, t.applicantId),
    index("applications_applicant_idx").on(t.applicantId, t.createdAt, t.id),
    index("applications_referrer_idx").on(t.referrerId, t.createdAt, t.id),
    index("applications_status_idx").on(t.status, t.createdAt, t.id),
    index("applications_card_idx").on(t.creditCardId, t.createdAt),
    index("applications_created_idx").on(t.createdAt, t.id),
    index("applications_share_due_idx")
      .on(t.shareDueAt, t.referrerId)
      .where(sql`${t.shareDueAt} IS NOT NULL`),
  ],
);

/**
 * The outcome timeline of an application (docs/product.md#outcomes): one row per step, said by
 * the party it belongs to, at most once per application (the unique index makes a repeat a no-op).
 */
export const applicationOutcomes = sqliteTable(
  "application_outcomes",
  {
    id: id(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** Copied from the application, so a referrer's reputation is recounted from this table's index. */
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    step: text("step", { enum: OUTCOME_STEPS }).notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * share-paid: the amount paid in US dollars, the method (SHARE_METHODS, or an older free text)
     * and, when less than promised was paid, the referrer's note to the applicant (docs/decisions/185).
     */
    amount: real("amount"),
    method: text("method"),
    /** share-not-received: the applicant's note. */
    note: text("note"),
    /** share-received: whole days from bonus posted to share paid (the median's input). */
    daysToPay: real("days_to_pay"),
    /** share-not-received: when the dispute ended (the share confirmed, or an admin closed it). */
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    /** share-not-received: the referrer's answer (due within 7 days) and when they gave it (docs/decisions/175). */
    answer: text("answer"),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    /** share-not-received: an admin's decision when they closed it. */
    decision: text("decision", { enum: DISPUTE_DECISIONS }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("application_outcomes_one_per_step").on(t.applicationId, t.step),
    index("application_outcomes_referrer_idx").on(t.referrerId, t.step, t.daysToPay),
    // The admin list of open disputes, newest first.
    index("application_outcomes_disputes_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.step} = 'share-not-received' AND ${t.closedAt} IS NULL`),
  ],
);

/**
 * Who viewed or clicked a referral on a day (docs/product.md#analytics, ADR 173): one row per UTC
 * day, referral, event and person, so each counts once per person per day (the insert is OR
 * IGNORE). `viewer` is a member's id, or a visitor's key for that day (a keyed hash of address and
 * browser: analytics/visitor-key.server.ts). Only today's rows decide anything: the cron deletes
 * older days, hence the day first in the key.
 */
export const referralViews = sqliteTable(
  "referral_views",
  {
    referralId: text("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    viewer: text("viewer").notNull(),
    /** Days since 1970-01-01 (UTC). */
    day: integer("day").notNull(),
    /** A look at the referral (view beacon) or a click on its Apply button (/go/{id}). */
    event: text("event", { enum: REFERRAL_EVENTS }).notNull().default("view"),
  },
  (t) => [primaryKey({ columns: [t.day, t.referralId, t.event, t.viewer] })],
);

/**
 * A referral's counts for one UTC day, written in the batch of each event (view, click, applying,
 * approval, confirmed success, share paid), so the analytics page reads one row per referral and
 * day and never the events (docs/decisions/172-analytics-daily-rollups.md).
 */
export const referralDaily = sqliteTable(
  "referral_daily",
  {
    referralId: text("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    referrerId: text("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: integer("day").notNull(),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    applications: integer("applications").notNull().default(0),
    approvals: integer("approvals").notNull().default(0),
    successes: integer("successes").notNull().default(0),
    sharesPaid: integer("shares_paid").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.referralId, t.day] }),
    index("referral_daily_referrer_day_idx").on(t.referrerId, t.day),
    // The landing's market figures: the last 90 days' successes and shares paid from the index alone.
    index("referral_daily_day_idx").on(t.day, t.successes, t.sharesPaid),
  ],
);

export const comments = sqliteTable(
  "comments",
  {
    id: id(),
    referralId: text("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "cascade" }),
    applicationId: text("application_id").references(() => applications.id, { onDelete: "set null" }),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    commentType: text("comment_type", { enum: COMMENT_TYPES }).notNull(),
    comment: text("comment").notNull(),
    /** 1-5 on reviews; on a follow-up, the updated rating if the author changed it. */
    rating: integer("rating"),
    ratingUpdated: bool("rating_updated").notNull().default(false),
    originalCommentId: text("original_comment_id").references((): AnySQLiteColumn => comments.id, {
      onDelete: "cascade",
    }),
    /** How far the author's application had gone when they wrote it (docs/decisions/170). */
    stage: text("stage", { enum: REVIEW_STAGES }).notNull().default("applied"),
    /**
     * Reviews: the rating the applicant confirmed (or changed) once their application had its
     * outcome, and when; the review is verified while that application still has it
     * (app/modules/reputation/verified.ts, docs/decisions/175). Before, `rating` is a first impression.
     */
    confirmedRating: integer("confirmed_rating"),
    ratingConfirmedAt: integer("rating_confirmed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("comments_referral_idx").on(t.referralId, t.createdAt, t.id),
    index("comments_original_idx").on(t.originalCommentId, t.createdAt),
    index("comments_author_idx").on(t.authorId, t.createdAt),
    uniqueIndex("comments_one_review_per_applicant")
      .on(t.referralId, t.authorId)
      .where(sql`${t.commentType} = 'applicantToReferrer'`),
  ],
);

export const chats = sqliteTable(
  "chats",
  {
    id: id(),
    name: text("name").notNull(),
    isDirectChat: bool("is_direct_chat").notNull().default(true),
    /** For direct chats: the two member ids sorted and joined, so a pair has one chat. */
    directKey: text("direct_key"),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    /** The referral the chat was last opened from (its Chat button), shown in the chat's header. */
    referralId: text("referral_id").references(() => referrals.id, { onDelete: "set null" }),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("chats_direct_key_unique").on(t.directKey)],
);

export const chatMembers = sqliteTable(
  "chat_members",
  {
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Messages at or before this instant count as read by this member. */
    lastReadAt: integer("last_read_at", { mode: "timestamp_ms" }),
    /** Set when the member deletes the chat from their list. */
    hiddenAt: integer("hidden_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index("chat_members_user_idx").on(t.userId, t.chatId)],
);

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    isAssistant: bool("is_assistant").notNull().default(false),
    /** Set once every other member has read it. */
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    /** Client-chosen id for an optimistic send, so a retried send is stored once. */
    clientId: text("client_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_chat_created_idx").on(t.chatId, t.createdAt, t.id),
    uniqueIndex("messages_sender_client_unique").on(t.senderId, t.clientId),
  ],
);

export const tips = sqliteTable(
  "tips",
  {
    id: id(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    referralId: text("referral_id").references(() => referrals.id, { onDelete: "set null" }),
    /** In the currency's minor unit (cents), as Stripe reports it. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    stripeEventId: text("stripe_event_id").notNull(),
    stripeSessionId: text("stripe_session_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tips_event_unique").on(t.stripeEventId),
    uniqueIndex("tips_session_unique").on(t.stripeSessionId),
    index("tips_created_idx").on(t.createdAt, t.id),
  ],
);

/** Every email the app sends. In development this is the outbox shown at /dev/mail. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /**
     * The member a mail to someone else names (an outcome notice: "{name} says the share ... did
     * not arrive"), so deleting that member's account deletes the mail with them (ADR 153).
     */
    aboutUserId: text("about_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The notification kind a queued mail was (null: an account mail), ADR 180. */
    kind: text("kind"),
    /** The mail's extra headers as JSON (List-Unsubscribe, List-Unsubscribe-Post), shown at /dev/mail. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /** The queue message's idempotency key: a retried batch never sends the same mail twice (ADR 180). */
    idempotencyKey: text("idempotency_key"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_created_idx").on(t.createdAt, t.id),
    uniqueIndex("email_outbox_idempotency_unique").on(t.idempotencyKey),
    // The cascade's lookup when an account is deleted (a partial index: most mails name nobody).
    index("email_outbox_about_idx")
      .on(t.aboutUserId)
      .where(sql`${t.aboutUserId} IS NOT NULL`),
  ],
);

/**
 * A member's choice for one kind of notification on one channel (app/modules/notifications/kinds.ts).
 * Only choices made are stored: a missing row is the kind's default (ADR 180).
 */
export const notificationSettings = sqliteTable(
  "notification_settings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    channel: text("channel").notNull(),
    enabled: bool("enabled").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/**
 * When a member was last called back about one thing (a conversation's chat mail, a late share):
 * the throttle and the "once" of notifications that a later event could repeat (ADR 180).
 */
export const notificationMarks = sqliteTable(
  "notification_marks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Notifications the queue gave up on after its last retry (the dead-letter queue's consumer, ADR 180). */
export const notificationDeadLetters = sqliteTable(
  "notification_dead_letters",
  {
    id: id(),
    idempotencyKey: text("idempotency_key").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind"),
    /** The mail's subject, for the admins' list (/admin/notifications); null on rows before 0025. */
    subject: text("subject"),
    /** How many times the queue tried it. */
    attempts: integer("attempts"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("notification_dead_letters_key_unique").on(t.idempotencyKey)],
);

/**
 * A browser's Web Push subscription (ADR 181): one per member and device. The endpoint is the push
 * service's URL for that browser; `p256dh` and `auth` are its keys (RFC 8291), base64url.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the member sees in the list of devices ("Chrome on Android"), from the User-Agent. */
    device: text("device").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/** Pushes sent, by `<notification key>:push:<subscription>`: a retried batch never pushes twice (ADR 181). */
export const pushDeliveries = sqliteTable(
  "push_deliveries",
  {
    idempotencyKey: text("idempotency_key").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [index("push_deliveries_subscription_idx").on(t.subscriptionId)],
);

/**
 * Sliding-window rate limits (failed sign-ins, resends, messages): one row per counted event, so
 * "at most N in any window" is a count of the key's rows newer than the window. Refused events are
 * not written, which bounds a key's rows by its limit; the cron deletes rows older than a day.
 */
export const rateLimitHits = sqliteTable(
  "rate_limit_hits",
  {
    id: id(),
    key: text("key").notNull(),
    /** When the event happened, in milliseconds since the epoch. */
    at: integer("at").notNull(),
  },
  (t) => [index("rate_limit_hits_key_at_idx").on(t.key, t.at), index("rate_limit_hits_at_idx").on(t.at)],
);

/**
 * A member's report of a referral, a member or a message (docs/product.md#reports): one per
 * reporter and target; open until an admin resolves or dismisses it.
 */
/**
 * The domains an issuer's referral links may use (docs/decisions/155-link-domains-and-review.md):
 * a link's host is listed when it is one of them or a subdomain of one. Issuers are the cards'
 * `issuer` text; admins edit the list on the card screens.
 */
export const issuerDomains = sqliteTable(
  "issuer_domains",
  {
    id: id(),
    issuer: text("issuer").notNull(),
    /** Lower-case host name without a leading "www." or dot, e.g. "chase.com". */
    domain: text("domain").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("issuer_domains_issuer_domain_unique").on(t.issuer, t.domain)],
);

export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolvedById: text("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_one_per_reporter").on(t.reporterId, t.targetType, t.targetId),
    // The threshold count and a target's evidence.
    index("reports_target_idx").on(t.targetType, t.targetId, t.status, t.createdAt),
    // The admin queue: open reports, newest first.
    index("reports_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

/**
 * A member blocking another (docs/product.md#blocking): while a row stands neither can message the
 * other and their shared chat leaves the blocker's list. One row per pair and direction; unblocking
 * deletes it. The primary key serves "whom do I block"; the second index "who blocks me".
 */
export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
  ],
);

/** Every admin action, with who, what, when and why (docs/product.md#moderation). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** e.g. "referral.hide", "card.update", "user.deactivate", "report.dismiss". */
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type CreditCard = typeof creditCards.$inferSelect;
export type Referral = typeof referrals.$inferSelect;
export type Application = typeof applications.$inferSelect;
export type Comment = typeof comments.$inferSelect;
export type ApplicationOutcome = typeof applicationOutcomes.$inferSelect;
export type EmailMessage = typeof emailOutbox.$inferSelect;
