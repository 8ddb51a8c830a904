import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import "~/core/readable-errors";
import { LoginSchema, PASSWORD_TOO_LONG } from "~/modules/auth/schemas";
import { CardApiSchema, CardSchema, NewCardApiSchema } from "~/modules/cards/schemas";
import { MarkReadSchema } from "~/modules/chats/schemas";
import { COMMENT_MESSAGES, CommentApiSchema, CommentFormSchema } from "~/modules/comments/schemas";
import { CheckoutSessionRequestSchema, TipFormSchema } from "~/modules/payments/schemas";
import { referralSchema } from "~/modules/referrals/schemas";
import { ChangePasswordSchema } from "~/modules/users/schemas";

/** Zod's own wording, which must never reach a person. */
const ZOD_TEXT = /expected|received|Invalid input|Too big|Too small|Invalid option|Infinity|9007199254740991/i;

const FOUR_HUNDRED_DIGITS = `1${"0".repeat(399)}`;
/** What JSON clients send: a numeric string, huge and tiny numbers, 400 digits (parsed: Infinity). */
const JSON_VALUES: unknown[] = [
  "5",
  1e308,
  -1e308,
  JSON.parse(FOUR_HUNDRED_DIGITS),
  FOUR_HUNDRED_DIGITS,
  5.5,
  true,
  {},
  [],
  "abc",
];
/** What a form posts: always text. */
const FORM_VALUES = ["1e308", "-1e308", FOUR_HUNDRED_DIGITS, "Infinity", "NaN", "abc", "5.5", "-0.5"];

const noCard = () => ({ hasVariousReferrerBonus: false, maxReferCount: 0 });
const referral = { creditCardId: "card1", referralLink: "https://bank.example/r/1" };
const review = { commentType: "applicantToReferrer", referralId: "r1", comment: "ok" };
const followUp = { ...review, commentType: "followUpComment", originalCommentId: "c1", ratingUpdated: true };
const card = { name: "Sapphire", issuer: "Chase", category: "Travel" };
const tip = { userId: "u1", successUrl: "https://x.example/s", cancelUrl: "https://x.example/c" };

type Parse = (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
const JSON_FIELDS: Record<string, Parse> = {
  "review rating": (rating) => CommentApiSchema.safeParse({ ...review, rating }),
  "follow-up rating": (rating) => CommentApiSchema.safeParse({ ...followUp, rating }),
  "referrer credit": (referrerCredit) => referralSchema(noCard).safeParse({ ...referral, referrerCredit }),
  "sharing portion": (sharingBenefitPortion) =>
    referralSchema(noCard).safeParse({ ...referral, sharingBenefitPortion }),
  "available count": (availableReferCount) => referralSchema(noCard).safeParse({ ...referral, availableReferCount }),
  "referrer bonus": (amount) =>
    referralSchema(noCard).safeParse({ ...referral, specialReferrerBonus: { amount, unit: "USD" } }),
  "card annual fee": (annualFee) => CardApiSchema.safeParse({ ...card, annualFee }),
  "card bonus": (amount) => CardApiSchema.safeParse({ ...card, referralBonus: { amount, unit: "USD" } }),
  "card max refer count": (maxReferCount) => CardApiSchema.safeParse({ ...card, maxReferCount }),
  "member card annual fee": (annualFee) => NewCardApiSchema.safeParse({ ...card, annualFee }),
  "mark-read timestamp": (timestamp) => MarkReadSchema.safeParse({ timestamp }),
  "tip amount": (amount) => CheckoutSessionRequestSchema.safeParse({ ...tip, amount }),
};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};
type FormParse = (value: string) => { status?: string; error?: Record<string, string[] | null> | null };
const FORM_FIELDS: Record<string, FormParse> = {
  "review rating": (rating) =>
    parseWithZod(form({ intent: "review", referralId: "r1", rating }), { schema: CommentFormSchema }),
  "referral numbers": (value) =>
    parseWithZod(
      form({
        ...referral,
        referrerCredit: value,
        sharingBenefitPortion: "custom",
        sharingCustom: value,
        availableReferCount: value,
        "specialReferrerBonus.amount": value,
      }),
      { schema: referralSchema(noCard) },
    ),
  "admin card numbers": (value) =>
    parseWithZod(form({ ...card, annualFee: value, referralBonusAmount: value, maxReferCount: value }), {
      schema: CardSchema,
    }),
  "tip amount": (amount) => parseWithZod(form({ amount }), { schema: TipFormSchema }),
};

describe("number fields answer in their own words", () => {
  for (const [field, parse] of Object.entries(JSON_FIELDS)) {
    it.each(JSON_VALUES.map((value) => [String(value).slice(0, 12), value]))(`${field}: %s`, (_label, value) => {
      const result = parse(value);
      for (const issue of result.error?.issues ?? []) expect(issue.message).not.toMatch(ZOD_TEXT);
    });
  }

  for (const [field, parse] of Object.entries(FORM_FIELDS)) {
    it.each(FORM_VALUES.map((value) => [value.slice(0, 12), value]))(`form ${field}: %s`, (_label, value) => {
      const messages = Object.values(parse(value).error ?? {}).flatMap((list) => list ?? []);
      for (const message of messages) expect(message).not.toMatch(ZOD_TEXT);
    });
  }

  it("a rating of '5' as text, 1e308 or 400 digits says the rating's range", () => {
    for (const rating of ["5", 1e308, JSON.parse(FOUR_HUNDRED_DIGITS), FOUR_HUNDRED_DIGITS]) {
      const result = CommentApiSchema.safeParse({ ...review, rating });
      expect(result.error?.issues.map((issue) => issue.message)).toContain(COMMENT_MESSAGES.ratingRange);
    }
    expect(CommentApiSchema.safeParse({ ...review }).error?.issues[0].message).toBe(COMMENT_MESSAGES.ratingRequired);
  });

  it("a huge whole number is too large, not 'Enter a whole number'", () => {
    const result = CardApiSchema.safeParse({ ...card, annualFee: 1e308 });
    expect(result.error?.issues[0].message).toBe("That number is too large");
  });
});

describe("passwords of any length", () => {
  it("a 200 KB password on login is too long, not missing", () => {
    const result = LoginSchema.safeParse({ email: "a@b.co", password: "x".repeat(200_000) });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_TOO_LONG]);
    const submission = parseWithZod(form({ email: "a@b.co", password: "x".repeat(200_000) }), { schema: LoginSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.password).toEqual([PASSWORD_TOO_LONG]);
  });

  it("the current password of a password change is capped too", () => {
    const result = ChangePasswordSchema.safeParse({
      currentPassword: "x".repeat(200_000),
      newPassword: "passw0rd-new",
      confirmPassword: "passw0rd-new",
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_TOO_LONG]);
  });
});

describe("the readable fallback (app/core/readable-errors.ts)", () => {
  // A schema that words nothing itself: every message comes from the fallback.
  const Bare = z.object({
    confirmPassword: z.string().min(8),
    annualFee: z.number().int().min(0).max(10),
    cardId: z.string(),
    tags: z.array(z.string()).min(1),
    website: z.url(),
    category: z.enum(["Travel", "Cash"]),
  });
  const messages = (value: unknown) =>
    Object.fromEntries(
      (Bare.safeParse(value).error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );

  it("says what is missing, of the wrong type or out of range, naming the field", () => {
    expect(messages({})).toEqual({
      confirmPassword: "Confirm password is required",
      annualFee: "Annual fee is required",
      cardId: "Card is required",
      tags: "Tags is required",
      website: "Website is required",
      category: "Category is required",
    });
    expect(messages({ confirmPassword: 5, annualFee: "x", cardId: [], tags: {}, website: 1, category: 2 })).toEqual({
      confirmPassword: "Confirm password must be text",
      annualFee: "Annual fee must be a number",
      cardId: "Card must be text",
      tags: "Tags must be a list",
      website: "Website must be text",
      category: "Please choose a valid category",
    });
    expect(
      messages({ confirmPassword: "abc", annualFee: 1.5, cardId: "c", tags: [], website: "nope", category: "Other" }),
    ).toEqual({
      confirmPassword: "Confirm password must be at least 8 characters",
      annualFee: "Annual fee must be a whole number",
      tags: "Tags needs at least 1 item",
      website: "Website must be a full web address starting with https://",
      category: "Please choose a valid category",
    });
    expect(messages({ annualFee: 11 }).annualFee).toBe("Annual fee must be at most 10");
  });

  it("a schema's own words still win", () => {
    const Own = z.object({ name: z.string({ error: "Card name is required" }).min(1, "Card name is required") });
    expect(Own.safeParse({}).error?.issues[0].message).toBe("Card name is required");
  });

  it("never uses zod's wording, whatever the field", () => {
    for (const value of [{}, null, [], { confirmPassword: {}, annualFee: [], tags: [1] }]) {
      for (const issue of Bare.safeParse(value).error?.issues ?? []) expect(issue.message).not.toMatch(ZOD_TEXT);
    }
  });
});
