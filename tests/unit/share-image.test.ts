/**
 * The texts of the share images (docs/decisions/201): what the main Worker sends the image Worker
 * for a card page and a shared referral, the contract the image Worker reads, and the static
 * default answered when it fails.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseShareImage } from "../../og/contract";
import { NO_FIGURES } from "~/modules/reputation/figures";
import { cardShareImage, referralShareImage, SHARE_IMAGE_SIZE, shareImagePath } from "~/modules/public/share-image";
import { shareText } from "~/modules/shares/terms";

const card = {
  name: "Sapphire Preferred",
  issuer: "Chase",
  welcomeOffer: null,
  applyBenefitWithReferral: "Earn 60,000 points",
};

const referral = (changes: Partial<Parameters<typeof referralShareImage>[0]> = {}) => ({
  shareText: shareText({ percent: 25, amountCents: 15_000, method: "zelle", methodNote: null, deadlineDays: 7 }),
  shareTermsConfirmed: true,
  referrer: {
    ...NO_FIGURES,
    name: "Farid K.",
    rating: 4.84,
    verifiedReviewCount: 6,
    confirmedSuccesses: 12,
    sharesPromised: 10,
    sharesPaid: 9,
    medianDaysToPay: 3,
  },
  creditCard: {
    ...card,
    welcomeOffer: { amount: 60_000, unit: "Points" as const, minSpend: 4000, months: 3 },
  },
  ...changes,
});

describe("share image texts", () => {
  it("says a referral's share as money, the card, its offer and the referrer's figures", () => {
    const image = referralShareImage(referral(), "https://cardshare.app/r/abc123");
    expect(image).toEqual({
      eyebrow: "Farid K. refers you · Chase",
      title: "Sapphire Preferred",
      offer: "60,000 points after $4,000 spend in 3 months",
      highlight: "You get $150 by Zelle within 7 days of the bonus posting",
      facts: [
        "12 confirmed successes",
        "Paid 9 of 10 promised shares",
        "Pays in 3 days (median)",
        "4.8 from 6 verified reviews",
      ],
      address: "cardshare.app/r/abc123",
    });
  });

  it("marks an unconfirmed share as estimated, and says when there is nothing to show yet", () => {
    const image = referralShareImage(
      referral({
        shareTermsConfirmed: false,
        referrer: { ...NO_FIGURES, name: "New R.", rating: null, verifiedReviewCount: 0 },
        creditCard: { ...card, welcomeOffer: null },
      }),
      "http://localhost:8787/r/x1",
    );
    expect(image.highlight).toBe("You get $150 by Zelle within 7 days of the bonus posting (estimated)");
    expect(image.offer).toBe("Earn 60,000 points");
    expect(image.facts).toEqual(["No confirmed outcomes yet", "No verified reviews yet"]);
    expect(referralShareImage(referral({ shareText: null }), "http://x/r/y").highlight).toBeNull();
  });

  it("says a card's best share as money and its live referrals", () => {
    const image = cardShareImage(
      { ...card, welcomeOffer: "60,000 points after $4,000 spend in 3 months", liveReferrals: 3, bestShareValue: 150 },
      "https://cardshare.app/cards/sapphire-preferred",
    );
    expect(image).toEqual({
      eyebrow: "Chase",
      title: "Sapphire Preferred",
      offer: "60,000 points after $4,000 spend in 3 months",
      highlight: "Referrers share up to $150 of their bonus with you",
      facts: ["3 live referrals"],
      address: "cardshare.app/cards/sapphire-preferred",
    });
    const quiet = cardShareImage({ ...card, liveReferrals: 0, bestShareValue: 0 }, "https://cardshare.app/cards/x");
    expect(quiet.highlight).toBeNull();
    expect(quiet.facts).toEqual(["No referrals yet"]);
  });

  it("serves each page's image beside it", () => {
    expect(shareImagePath("https://cardshare.app/r/abc")).toBe("https://cardshare.app/r/abc/og.png");
    expect(shareImagePath("/cards/x")).toBe("/cards/x/og.png");
  });
});

describe("the image Worker's contract", () => {
  it("reads what the main Worker sends and refuses anything else", () => {
    const image = referralShareImage(referral(), "https://cardshare.app/r/abc123");
    expect(parseShareImage(JSON.parse(JSON.stringify(image)))).toEqual(image);
    expect(parseShareImage(null)).toBeNull();
    expect(parseShareImage({ ...image, title: " " })).toBeNull();
    expect(parseShareImage({ ...image, facts: [1] })).toBeNull();
    expect(parseShareImage({ ...image, facts: "x" })).toBeNull();
    const long = parseShareImage({ ...image, title: "x".repeat(1000), facts: Array(10).fill("f") });
    expect(long?.title).toHaveLength(300);
    expect(long?.facts).toHaveLength(6);
  });

  it("ships a static default image of the same size", () => {
    const png = readFileSync("public/og/default.png");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual(SHARE_IMAGE_SIZE);
  });
});
