/**
 * Builders of valid rows for every table, used by the tests (inserted through drizzle) and by the
 * seed (written out as SQL). Each takes overrides; anything random comes from `rng` so the seed
 * can be repeatable.
 */
import { cardSlug } from "../app/core/card-slug";
import { normalizeReferralLink } from "../app/core/referral-link";
import { createId } from "./id";
import type {
  applications,
  chatMembers,
  chats,
  comments,
  creditCards,
  messages,
  referrals,
  users,
  ApplicationStatus,
} from "./schema";

/** Rows as the factories build them for insertion (drizzle's insert types, with their id); `New*` so they never read as the app's own row types. */
export type NewUser = typeof users.$inferInsert & { id: string };
export type NewCard = typeof creditCards.$inferInsert & { id: string };
export type NewReferral = typeof referrals.$inferInsert & { id: string };
export type NewApplication = typeof applications.$inferInsert & { id: string };
export type NewComment = typeof comments.$inferInsert & { id: string };
export type NewChat = typeof chats.$inferInsert & { id: string };
export type NewChatMember = typeof chatMembers.$inferInsert;
export type NewMessage = typeof messages.$inferInsert & { id: string };

export type Rng = () => number;

/** mulberry32: a small seeded generator, so the demo data is the same on every machine. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
export const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

let sequence = 0;
/** A suffix unique within this process, so parallel tests never collide on usernames or emails. */
export function uniqueSuffix() {
  sequence += 1;
  return `${sequence.toString(36)}${createId(6)}`;
}

export function makeUser(overrides: Partial<NewUser> = {}): NewUser {
  const suffix = uniqueSuffix();
  const now = new Date();
  return {
    id: createId(),
    username: `user_${suffix}`,
    email: `user_${suffix}@example.test`,
    firstName: "Test",
    lastName: "User",
    bio: "",
    authProvider: "local",
    passwordHash: null,
    emailVerifiedAt: now,
    isAdmin: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function makeCard(overrides: Partial<NewCard> = {}): NewCard {
  const now = new Date();
  const id = overrides.id ?? createId();
  const name = overrides.name ?? `Test Card ${uniqueSuffix()}`;
  return {
    id,
    name,
    // Unique like the real column (credit_cards_slug_unique): tests make cards of one name.
    slug: `${cardSlug(name)}-${id.slice(0, 6)}`,
    issuer: "Test Bank",
    category: "Rewards",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonusAmount: 100,
    referralBonusUnit: "USD",
    benefitForReferrer: "",
    applyBenefitWithReferral: "",
    description: "",
    officialWebsite: "https://bank.example/card",
    imageUrl: null,
    active: true,
    maxReferCount: 0,
    isUserAdded: false,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function makeReferral(
  referrerId: string,
  creditCardId: string,
  overrides: Partial<NewReferral> = {},
): NewReferral {
  const now = new Date();
  const referralLink = overrides.referralLink ?? `https://refer.example/${createId(10)}`;
  return {
    id: createId(),
    referrerId,
    creditCardId,
    referralLink,
    normalizedLink: normalizeReferralLink(referralLink),
    referrerCredit: null,
    sharingBenefitPortion: 0,
    additionalInfo: "",
    specialApplicantBonusIsHigher: false,
    specialApplicantBonus: null,
    specialReferrerBonusAmount: null,
    specialReferrerBonusUnit: null,
    availableReferCount: null,
    isActive: true,
    applicationsCount: 0,
    successfulCount: 0,
    createdAt: now,
    updatedAt: now,
    linkConfirmedAt: overrides.createdAt ?? now,
    ...overrides,
  };
}

export function makeApplication(
  referral: Pick<NewReferral, "id" | "referrerId" | "creditCardId">,
  applicantId: string,
  overrides: Partial<NewApplication> = {},
): NewApplication {
  const now = new Date();
  return {
    id: createId(),
    referralId: referral.id,
    referrerId: referral.referrerId,
    creditCardId: referral.creditCardId,
    applicantId,
    status: "pending",
    additionalInfo: "",
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function makeComment(referralId: string, authorId: string, overrides: Partial<NewComment> = {}): NewComment {
  const now = new Date();
  return {
    id: createId(),
    referralId,
    authorId,
    commentType: "applicantToReferrer",
    comment: "Smooth application, thanks!",
    rating: 5,
    ratingUpdated: false,
    originalCommentId: null,
    applicationId: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** A direct chat between two users with both memberships; `directKey` keeps the pair unique. */
export function makeDirectChat(userA: string, userB: string, overrides: Partial<NewChat> = {}) {
  const now = new Date();
  const chat: NewChat = {
    id: createId(),
    name: "Direct chat",
    isDirectChat: true,
    directKey: [userA, userB].sort().join(":"),
    createdById: userA,
    lastMessageAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  const members: NewChatMember[] = [userA, userB].map((userId) => ({
    chatId: chat.id,
    userId,
    lastReadAt: null,
    createdAt: now,
  }));
  return { chat, members };
}

export function makeMessage(chatId: string, senderId: string, overrides: Partial<NewMessage> = {}): NewMessage {
  return {
    id: createId(),
    chatId,
    senderId,
    content: "Hello!",
    isAssistant: false,
    readAt: null,
    clientId: null,
    createdAt: new Date(),
    ...overrides,
  };
}

/** Statuses counted as a successful referral on the referral's counters. */
export const SUCCESSFUL_STATUSES: readonly ApplicationStatus[] = ["successful", "approved"];
