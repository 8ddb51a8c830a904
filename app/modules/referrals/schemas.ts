/**
 * Referral inputs (docs/product.md#referrals, #paths), one zod schema for the /refer form (client and action)
 * and POST /api/referrals/card-refer/generate and /process. Field names are the API's; the form posts the
 * nested ones with dots (`specialReferrerBonus.amount`), which conform parses into objects.
 */
import { z } from "zod";
import { BONUS_UNITS, type BonusUnit } from "../../../db/enums";
import {
  checkShareTerms,
  OTHER_CARD,
  toNumber,
  SHARE_TERM_FIELDS,
  SHARE_TERM_MESSAGES,
  shareTermsOf,
  type ReferralDoor,
  type ShareRules,
} from "./share-schema";
import { CARD_MESSAGES, NewCardSchema, TOO_LARGE } from "~/modules/cards/schemas";
import { checkbox, optionalText } from "~/utils/zod-fields";
import { LINK_RULE_MESSAGES, linkShapeProblem } from "~/modules/links/rules";
import { PRIVATE_CONTENT, REFERRAL_NOT_FOUND } from "~/utils/messages";

export const REFERRAL_MESSAGES = {
  linkRequired: "Please enter a referral link",
  linkHttps: "Enter the full link, starting with https://",
  referrerBonusRequired: "Please enter your special referral bonus amount",
  applicantBonusRequired: "Please describe the special bonus for applicants",
  cardRequired: "Please choose a card",
  newCardDescriptionRequired: "Please describe the card",
  countMin: "Available referrals must be at least 1",
  creditRange: "Enter a credit score between 300 and 850",
  ...SHARE_TERM_MESSAGES,
  created: "Credit card referral created successfully!",
  createFailed: "Failed to create referral. Please try again.",
  markedInactive: "Referral marked as inactive",
  reopened: "Referral reopened",
  linkConfirmed: "Thanks. The link is marked as confirmed today.",
  heldNote:
    "Paused: members reported a problem with this referral. Check the link and the offer, then confirm it works.",
  notFound: REFERRAL_NOT_FOUND,
  duplicateActive: "You already have an active referral for this card. Mark it as inactive first.",
  memberDuplicateActive: "This member already has an active referral for this card, so this one cannot be reopened.",
  notOwner: "Only the referrer can change this referral.",
  moderatedRepublish:
    "An admin deactivated your referral for this card or link, so it cannot be published again. Contact support if you think this is a mistake.",
  waitingReview: "This referral is waiting for an admin's review; it goes live when approved.",
  moderatedStatus: "Deactivated by an admin",
  moderatedNote: "An admin deactivated this referral; only an admin can reopen it.",
  moderated:
    "An admin deactivated this referral, so only an admin can reopen it. Contact support if you think this is a mistake.",
  privateReferrals: PRIVATE_CONTENT,
} as const;

export { OTHER_CARD } from "./share-schema";

/** Card ids are 20 characters; anything much longer is no card, and is not looked up. */
const MAX_CARD_ID = 64;

/** Sharing presets (docs/product.md#referrals); anything else is Custom. */
export const SHARING_PRESETS = [0, 10, 20, 30, 50] as const;

/** The referrer's credit score: digits only (anything else typed is dropped); empty is null. */
const creditField = z.preprocess(
  (value) => {
    if (value == null) return null;
    const digits = String(value).replace(/\D/g, "");
    return digits === "" ? null : Number(digits);
  },
  z
    .number({ error: REFERRAL_MESSAGES.creditRange })
    .min(300, REFERRAL_MESSAGES.creditRange)
    .max(850, REFERRAL_MESSAGES.creditRange)
    .int(REFERRAL_MESSAGES.creditRange)
    .nullable(),
);

export const SHARE_RANGE = "Enter a percentage from 0 to 100";

/**
 * 0 to 100 percent, whole (docs/product.md#referrals). A share outside that range is refused with
 * its reason, never quietly shown as 100% (issue 19); "custom" takes the custom field's value.
 */
const sharingField = z.preprocess(
  (value) => {
    const number = toNumber(value);
    if (number === undefined) return 0;
    return typeof number === "number" && Number.isFinite(number) ? Math.round(number) : number;
  },
  z.number({ error: SHARE_RANGE }).min(0, SHARE_RANGE).max(100, SHARE_RANGE),
);

/** A card's rules on its referrals (docs/product.md#referrals, docs/product.md#issuer-caps). */
export interface CardRules extends ShareRules {
  hasVariousReferrerBonus: boolean;
  /** The card's per-member cap; 0 means unlimited. */
  maxReferCount: number;
}

/** A card row as the pickers read it (catalog.server.ts). */
export interface CardRow {
  hasVariousReferrerBonus: boolean;
  maxReferCount: number;
  referralBonusAmount: number;
  referralBonusUnit: BonusUnit;
  centsPerPoint: number | null;
  program: string | null;
}

/**
 * Where the referral schema finds a listed card's rules: null when the member may not use that
 * card. The server reads the database (a promise, so the kit parses asynchronously); the browser
 * reads the cards its page loaded (a plain value, so conform checks synchronously as one types).
 */
export type CardRulesSource = (creditCardId: string) => CardRules | null | Promise<CardRules | null>;

/** A card's rules, picked from a card row. */
export const rulesOfCard = (card: CardRow): CardRules => ({
  hasVariousReferrerBonus: card.hasVariousReferrerBonus,
  maxReferCount: card.maxReferCount,
  bonus: { amount: card.referralBonusAmount, unit: card.referralBonusUnit },
  centsPerPoint: card.centsPerPoint,
  program: card.program,
});

/** The rules of the cards a page loaded (the browser's source): null for any other card. */
export function cardRulesIn(cards: readonly (CardRow & { id: string })[]): CardRulesSource {
  return (cardId) => {
    const card = cards.find((entry) => entry.id === cardId);
    return card ? rulesOfCard(card) : null;
  };
}

/** The shape without any card's rules (the API reference, the robustness suite): every card, no rules. */
const ANY_CARD: CardRulesSource = () => ({ hasVariousReferrerBonus: false, maxReferCount: 0 });

/**
 * A referral's fields, without the card's rules and the final shaping: what the form's HTML
 * constraints are read from (conform's getZodConstraint reads a plain object, not a transform).
 */
export const ReferralFieldsSchema = z.object({
  /** API clients may name themselves as the referrer (docs/product.md#paths); the route refuses anyone else. */
  referrer: z.string().nullish(),
  creditCardId: z
    .string({ error: REFERRAL_MESSAGES.cardRequired })
    .trim()
    .min(1, REFERRAL_MESSAGES.cardRequired)
    .max(MAX_CARD_ID, REFERRAL_MESSAGES.cardRequired),
  newCard: NewCardSchema.optional(),
  referralLink: z
    .string({ error: REFERRAL_MESSAGES.linkRequired })
    .trim()
    .min(1, REFERRAL_MESSAGES.linkRequired)
    .max(2048, "That link is too long")
    .pipe(z.url({ error: REFERRAL_MESSAGES.linkHttps, protocol: /^https$/ }))
    // Shorteners, IP addresses, credentials and ports are refused outright (docs/decisions/155).
    .superRefine((link, ctx) => {
      const problem = linkShapeProblem(link);
      if (problem) ctx.addIssue({ code: "custom", message: LINK_RULE_MESSAGES[problem], input: link });
    }),
  referrerCredit: creditField.optional().transform((value) => value ?? null),
  sharingBenefitPortion: sharingField,
  ...SHARE_TERM_FIELDS,
  additionalInfo: optionalText(2000),
  specialApplicantBonus: z
    .object({ isHigher: checkbox, bonus: optionalText(500) })
    .nullish()
    .transform((value) => value ?? { isHigher: false, bonus: "" }),
  specialReferrerBonus: z
    .object({
      amount: z.preprocess(
        toNumber,
        z.number({ error: "Enter a number" }).min(0, CARD_MESSAGES.bonusNegative).max(10_000_000, TOO_LARGE).optional(),
      ),
      unit: z.enum(BONUS_UNITS, { error: "Choose a bonus unit" }).default("USD"),
    })
    .nullish()
    .transform((value) => value ?? { amount: undefined, unit: "USD" as const }),
  availableReferCount: z.preprocess(
    (value) => {
      const number = toNumber(value);
      return number === undefined ? null : number;
    },
    z
      .number({ error: "Enter a whole number" })
      .min(1, REFERRAL_MESSAGES.countMin)
      .max(1_000_000, TOO_LARGE)
      .int("Enter a whole number")
      .nullable(),
  ),
});

type ReferralDraft = z.output<typeof ReferralFieldsSchema>;

const hasText = (value: unknown) => typeof value === "string" && value.trim() !== "";

/** The custom sharing field of the form: the radio says "custom", the number field holds the value. */
function resolveSharingPreset(value: unknown) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const input = value as Record<string, unknown>;
    if (input.sharingBenefitPortion === "custom") return { ...input, sharingBenefitPortion: input.sharingCustom };
  }
  return value;
}

/** `then` for a value that is a promise on the server and plain in the browser. */
function whenReady<T, R>(value: T | Promise<T>, next: (ready: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/**
 * The rules of a draft's card: a new card's own fields, or the listed card's from `source` (null:
 * not a card the member may use; undefined: no card named yet, which the field itself reports).
 * Refinements also see drafts whose other fields failed, so every value is checked for its type.
 */
function rulesOf(draft: Partial<ReferralDraft>, source: CardRulesSource) {
  const { creditCardId } = draft;
  // A member's own card has no cap and no varying bonus: those are catalogue fields (memberCardFields).
  if (creditCardId === OTHER_CARD) return { hasVariousReferrerBonus: false, maxReferCount: 0 };
  if (typeof creditCardId !== "string" || creditCardId === "" || creditCardId.length > MAX_CARD_ID) return undefined;
  return source(creditCardId);
}

/**
 * The card's rules on a draft (docs/product.md#referrals): an 'Other' card needs its name and a
 * description; a listed card must be one the member may use; the special referrer bonus is
 * required, above 0, when the card varies it or a share above 0 is offered.
 */
function checkCardRules(
  draft: Partial<ReferralDraft>,
  rules: CardRules | null | undefined,
  ctx: z.RefinementCtx,
  door: ReferralDoor,
) {
  const issue = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message, input: draft });
  if (draft.creditCardId === OTHER_CARD) {
    if (draft.newCard === undefined) issue(["newCard", "name"], CARD_MESSAGES.nameRequired);
    if (!hasText(draft.newCard?.description))
      issue(["newCard", "description"], REFERRAL_MESSAGES.newCardDescriptionRequired);
  } else if (rules === null) {
    issue(["creditCardId"], REFERRAL_MESSAGES.cardRequired);
  }
  const sharing = typeof draft.sharingBenefitPortion === "number" ? draft.sharingBenefitPortion : 0;
  const amount = draft.specialReferrerBonus?.amount;
  if ((rules?.hasVariousReferrerBonus || sharing > 0) && !(typeof amount === "number" && amount > 0)) {
    issue(["specialReferrerBonus", "amount"], REFERRAL_MESSAGES.referrerBonusRequired);
  }
  checkShareTerms(draft, rules, issue, door);
}

/** The count as it is saved: capped at the card's cap and defaulting to it (docs/product.md#issuer-caps). */
export function cappedCount(count: number | null, maxReferCount: number) {
  return maxReferCount > 0 ? Math.min(count ?? maxReferCount, maxReferCount) : count;
}

/**
 * The referral schema, with the chosen card's rules read from `source` inside it: the /refer form
 * (in the browser and in its action) and POST .../generate and .../process all parse with it, so
 * a rule and its message live here once. The server's source is `cardRulesFor(ctx)`
 * (referrals.server.ts). Refinements run on partly invalid drafts too (`when`), so every reason
 * shows at once. The output is branded: the domain takes only a draft whose card rules were checked.
 */
export function referralSchema(source: CardRulesSource, door: ReferralDoor = "api") {
  const always = { when: () => true };
  return z.preprocess(
    resolveSharingPreset,
    ReferralFieldsSchema.superRefine(
      (draft, ctx) => whenReady(rulesOf(draft, source), (rules) => checkCardRules(draft, rules, ctx, door)),
      always,
    )
      .refine((draft) => !draft.specialApplicantBonus?.isHigher || hasText(draft.specialApplicantBonus.bonus), {
        path: ["specialApplicantBonus", "bonus"],
        message: REFERRAL_MESSAGES.applicantBonusRequired,
        ...always,
      })
      .transform((draft) =>
        whenReady(rulesOf(draft, source), (rules) => ({
          ...draft,
          ...shareTermsOf(draft, rules),
          // The form's 'do not show' keeps the score off the referral (the API shows what it gives).
          referrerCredit: draft.showCredit === "no" ? null : draft.referrerCredit,
          availableReferCount: cappedCount(draft.availableReferCount, rules?.maxReferCount ?? 0),
          specialReferrerBonus:
            (draft.specialReferrerBonus.amount ?? 0) > 0
              ? { amount: draft.specialReferrerBonus.amount!, unit: draft.specialReferrerBonus.unit }
              : null,
          specialApplicantBonus: draft.specialApplicantBonus.isHigher
            ? { isHigher: true as const, bonus: draft.specialApplicantBonus.bonus }
            : null,
          newCard: draft.creditCardId === OTHER_CARD ? draft.newCard : undefined,
        })),
      )
      .brand<"CheckedReferral">(),
  );
}

export type { ReferralDoor } from "./share-schema";
export { estimatedShareCents, type ShareBasis } from "./share-schema";

/** A referral input whose card rules were checked (the schema's output). */
export type ReferralInput = z.output<ReturnType<typeof referralSchema>>;

/**
 * The shape of a referral input, without any card's rules: what the API reference documents and
 * the robustness suite reads. Routes parse with `referralSchemaFor(ctx)` (referrals.server.ts).
 */
export const ReferralInputSchema = referralSchema(ANY_CARD);

/** Whether a count will be capped, for the form's warning. */
export function willBeCapped(count: number | null | undefined, maxReferCount: number) {
  return maxReferCount > 0 && count != null && count > maxReferCount;
}

/** Mark as Inactive / Reopen from My Referrals: the referral (`id`, so a refusal shows beside its row) and where to go back. */
export const ReferralStatusSchema = z.object({
  id: z.string({ error: REFERRAL_NOT_FOUND }).trim().min(1, REFERRAL_NOT_FOUND).max(64, REFERRAL_NOT_FOUND),
  redirectTo: z.string().optional(),
});
