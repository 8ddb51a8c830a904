import { describe, expect, it } from "vitest";
import { creditScoreBand, parseSort, remainingWarning, SORT_OPTIONS } from "~/modules/referrals/display";
import {
  REFRESH_MINUTES,
  ROTATION_SLOTS,
  rotationWeight,
  STALE_FACTOR,
  slotForVisitor,
  slotToRefresh,
  VISITOR_SLOT_SECONDS,
} from "~/modules/referrals/rotation.server";
import {
  REFERRAL_MESSAGES,
  ReferralInputSchema,
  referralSchema,
  SHARE_RANGE,
  willBeCapped,
} from "~/modules/referrals/schemas";
import { ftsQuery } from "~/modules/referrals/search.server";

describe("fair rotation", () => {
  const newcomer = {
    rating: null,
    verifiedReviewCount: 0,
    confirmedSuccesses: 0,
    sharesPromised: 0,
    sharesPaid: 0,
    openDisputes: 0,
  };

  it("weighs newcomers 1 and the best referrers below 3, so nobody is starved", () => {
    expect(rotationWeight(newcomer)).toBe(1);
    const best = rotationWeight({ ...newcomer, rating: 5, verifiedReviewCount: 1000, confirmedSuccesses: 500 });
    expect(best).toBeGreaterThan(2.9);
    expect(best).toBeLessThan(3);
    // One 5-star review is worth little: damped by review_count / (review_count + 5).
    expect(rotationWeight({ ...newcomer, rating: 5, verifiedReviewCount: 1 })).toBeCloseTo(1 + 1 / 6);
  });

  it("sinks a referrer who owes shares or has open disputes, never to 0", () => {
    const paidAll = rotationWeight({ ...newcomer, confirmedSuccesses: 4, sharesPromised: 4, sharesPaid: 4 });
    expect(paidAll).toBeCloseTo(1.4);
    const paidNone = rotationWeight({ ...newcomer, confirmedSuccesses: 4, sharesPromised: 4, sharesPaid: 0 });
    expect(paidNone).toBeCloseTo(1.4 / 5);
    const disputed = rotationWeight({ ...newcomer, sharesPromised: 1, openDisputes: 1 });
    expect(disputed).toBeCloseTo(0.25);
    expect(disputed).toBeGreaterThan(0);
  });

  it("quarters the weight of a stale link (not confirmed for 90 days), whoever owns it", () => {
    const fresh = { ...newcomer, rating: 5, verifiedReviewCount: 20, confirmedSuccesses: 4 };
    expect(rotationWeight({ ...fresh, stale: true })).toBeCloseTo(rotationWeight(fresh) * STALE_FACTOR);
    expect(rotationWeight({ ...newcomer, stale: true })).toBe(0.25);
  });

  it("never hands a visitor the slot that the next refresh re-draws, for as long as they keep it", () => {
    expect(VISITOR_SLOT_SECONDS).toBeLessThan(REFRESH_MINUTES * 60);
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const now = minute * 60_000;
      for (const random of [0, 0.34, 0.67, 0.99]) {
        const slot = slotForVisitor(now, random);
        expect(slot).toBeGreaterThanOrEqual(0);
        expect(slot).toBeLessThan(ROTATION_SLOTS);
        // Every refresh while the visitor keeps the slot re-draws another one.
        for (let later = now; later <= now + VISITOR_SLOT_SECONDS * 1000; later += 60_000) {
          const refreshing = later % (REFRESH_MINUTES * 60_000) === 0;
          if (refreshing && later > now) expect(slotToRefresh(later)).not.toBe(slot);
        }
      }
    }
  });
});

describe("search helpers", () => {
  it("quotes each word as a prefix and drops FTS syntax", () => {
    expect(ftsQuery('Chase "Sapphire" OR*')).toBe('"chase"* "sapphire"* "or"*');
    expect(ftsQuery("  -- ")).toBeNull();
  });

  it("has the default sort plus four fields both ways", () => {
    expect(SORT_OPTIONS).toHaveLength(9);
    expect(parseSort("fee_desc")).toEqual({ field: "fee", direction: "desc" });
    expect(parseSort("default")).toBeNull();
  });

  it("labels credit score bands and the 'Only N referrals left' warning", () => {
    expect(creditScoreBand(750)?.label).toBe("Excellent");
    expect(creditScoreBand(749)?.label).toBe("Good");
    expect(creditScoreBand(650)?.label).toBe("Fair (moderate odds)");
    expect(creditScoreBand(649)?.label).toBe("Building (consider secured cards)");
    expect(remainingWarning(5, 5)).toBe("Only 5 referrals left");
    expect(remainingWarning(4, 3)).toBeNull();
    expect(remainingWarning(0, 5)).toBeNull();
  });
});

describe("referral schema", () => {
  const base = { creditCardId: "card", referralLink: "https://bank.example/r" };

  it("refuses a share outside 0-100 with its reason instead of showing it as 100%", () => {
    const schema = referralSchema(() => ({ hasVariousReferrerBonus: false, maxReferCount: 0 }));
    const bonus = { specialReferrerBonus: { amount: "50" } };
    for (const share of ["140", "101", "-5"]) {
      const result = schema.safeParse({ ...base, ...bonus, sharingBenefitPortion: "custom", sharingCustom: share });
      expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
        ["sharingBenefitPortion", SHARE_RANGE],
      ]);
    }
    expect(schema.safeParse({ ...base, ...bonus, sharingBenefitPortion: 250 }).error?.issues[0]?.message).toBe(
      SHARE_RANGE,
    );
    const custom = { ...base, ...bonus, sharingBenefitPortion: "custom", sharingCustom: "100" };
    expect(schema.parse(custom).sharingBenefitPortion).toBe(100);
  });

  it("keeps credit digits, caps and defaults the count to the card's cap", () => {
    const schema = referralSchema(() => ({ hasVariousReferrerBonus: false, maxReferCount: 4 }));
    const parsed = schema.parse({
      ...base,
      sharingBenefitPortion: "custom",
      sharingCustom: "40",
      specialReferrerBonus: { amount: "50" },
      referrerCredit: "7-1-0",
      availableReferCount: "9",
    });
    expect(parsed).toMatchObject({ sharingBenefitPortion: 40, referrerCredit: 710, availableReferCount: 4 });
    expect(schema.parse({ ...base, availableReferCount: "" }).availableReferCount).toBe(4);
    expect(ReferralInputSchema.parse({ ...base, availableReferCount: "" }).availableReferCount).toBeNull();
    expect(willBeCapped(9, 4)).toBe(true);
    expect(willBeCapped(9, 0)).toBe(false);
  });

  it("asks for the special referrer bonus when the card varies it or the share is above 0", () => {
    const varies = referralSchema(() => ({ hasVariousReferrerBonus: true, maxReferCount: 0 })).safeParse(base);
    expect(varies.error?.issues[0]?.message).toBe(REFERRAL_MESSAGES.referrerBonusRequired);
    const sharing = ReferralInputSchema.safeParse({ ...base, sharingBenefitPortion: "10" });
    expect(sharing.error?.issues[0]?.message).toBe(REFERRAL_MESSAGES.referrerBonusRequired);
  });
});
