/**
 * The closed sets of values the tables store, in a module of their own so browser code (forms,
 * badges, filters) can import them without the table definitions: db/schema.ts names the columns,
 * the password and token hashes and the outbox, and must never reach build/client
 * (docs/decisions/090-three-rings.md; scripts/bundle-budget.ts checks it).
 */

export const AUTH_PROVIDERS = ["local", "google", "other"] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const CARD_CATEGORIES = ["Travel", "Cashback", "Business", "Student", "Rewards", "Other"] as const;
export type CardCategory = (typeof CARD_CATEGORIES)[number];

export const BONUS_UNITS = ["USD", "Points", "Miles", "Cashback", "Other"] as const;
export type BonusUnit = (typeof BONUS_UNITS)[number];

/**
 * What a welcome offer pays in, for /apply's bonus-type filter: USD and Cashback offers are cash,
 * a 0 amount is none (docs/decisions/130-welcome-offers-and-estimated-values.md).
 */
export const OFFER_KINDS = ["points", "miles", "cash", "other", "none"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

export const APPLICATION_STATUSES = [
  "pending",
  "pending_approval",
  "submitted",
  "successful",
  "rejected",
  "approved",
  "denied",
  "cancelled",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const COMMENT_TYPES = ["applicantToReferrer", "referrerReply", "followUpComment"] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

/**
 * verify_email proves an address (a new account's, or the new one of an email change); revert_email
 * is sent to the old address on an email change and gives it back (docs/decisions/081-verify-email-and-email-change.md).
 */
export const AUTH_TOKEN_PURPOSES = ["verify_email", "reset_password", "revert_email"] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** What a member can report (docs/product.md#reports). */
export const REPORT_TARGETS = ["referral", "user", "message"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = ["link-broken", "offer-expired", "wrong-card", "spam", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** open until an admin resolves it (acted on) or dismisses it (nothing wrong). */
export const REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * Why a referral link waits for an admin (docs/decisions/155-link-domains-and-review.md): a host its
 * card's issuer does not list, or a query or fragment that carries another site's address (a
 * redirector on the issuer's domain, ADR 156), is held at creation or edit; the others are refused
 * for new links and only ever found on links published before the rules (flagged, never changed).
 */
export const LINK_REVIEW_REASONS = [
  "unlisted-host",
  "embedded-url",
  "shortener",
  "ip-address",
  "credentials",
  "port",
] as const;
export type LinkReviewReason = (typeof LINK_REVIEW_REASONS)[number];

/** What a person does with a referral that the analytics count once a day (referral_views.event). */
export const REFERRAL_EVENTS = ["view", "click"] as const;
export type ReferralEvent = (typeof REFERRAL_EVENTS)[number];

/**
 * The steps of an application's outcome after applying (docs/product.md#outcomes), in the order a
 * timeline reads: the referrer's bonus posted and share paid, the applicant's bonus received and
 * share received, or a dispute of the share (docs/decisions/170-confirmed-outcomes-and-reputation.md).
 */
export const OUTCOME_STEPS = [
  "bonus-posted",
  "bonus-received",
  "share-paid",
  "share-received",
  "share-not-received",
] as const;
export type OutcomeStep = (typeof OUTCOME_STEPS)[number];

/**
 * Statuses that are an application's outcome (docs/decisions/175): the bonus received (Successful),
 * or closed without one. A review's rating counts once the applicant confirms it after one of these.
 */
export const OUTCOME_STATUSES = ["successful", "denied", "cancelled", "rejected"] as const;

/** An admin's decision on a disputed share: the applicant was right (upheld), or not (dismissed). */
export const DISPUTE_DECISIONS = ["upheld", "dismissed"] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

/** When a review was written: after applying, after the bonus, after the share (docs/decisions/170). */
export const REVIEW_STAGES = ["applied", "bonus", "share"] as const;
export type ReviewStage = (typeof REVIEW_STAGES)[number];

/**
 * How a referrer pays the applicant's share (docs/decisions/185-share-is-money.md): the list the
 * forms offer, plus 'chat' ("agreed in chat"), which a referral carries until its referrer names
 * one (referrals created through the API without the share's terms, and referrals older than them).
 */
export const SHARE_METHODS = ["paypal", "venmo", "zelle", "cashapp", "giftcard", "other", "chat"] as const;
export type ShareMethod = (typeof SHARE_METHODS)[number];
