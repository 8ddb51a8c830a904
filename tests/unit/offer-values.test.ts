import { describe, expect, it } from "vitest";
import { issuerMark } from "~/modules/cards/issuer-mark";
import { estimatedValue, formatEstimate, offerKind, offerTerms } from "~/modules/cards/value";
import { remainingWarning } from "~/modules/referrals/display";

describe("estimated values (docs/decisions/130)", () => {
  it("values dollars exactly, points and miles as estimates, and a percentage not at all", () => {
    expect(estimatedValue({ amount: 500, unit: "USD" })).toBe(500);
    expect(estimatedValue({ amount: 30_000, unit: "Points" })).toBe(300);
    expect(estimatedValue({ amount: 60_000, unit: "Miles" })).toBe(720);
    expect(estimatedValue({ amount: 3, unit: "Cashback" })).toBeNull();
    expect(estimatedValue({ amount: 0, unit: "USD" })).toBeNull();
    expect(formatEstimate({ amount: 750, unit: "USD" })).toBe("$750");
    expect(formatEstimate({ amount: 75_000, unit: "Points" })).toBe("≈ $750 est.");
  });

  it("writes the offer's terms and kind", () => {
    expect(offerTerms({ minSpend: 5000, months: 3 })).toBe("after $5,000 spend in 3 months");
    expect(offerTerms({ minSpend: 0, months: 1 })).toBe("in 1 month");
    expect(offerTerms({ minSpend: 0, months: 0 })).toBe("");
    expect(offerKind({ amount: 200, unit: "Cashback" })).toBe("cash");
    expect(offerKind({ amount: 1, unit: "Miles" })).toBe("miles");
    expect(offerKind({ amount: 0, unit: "Points" })).toBe("none");
  });
});

describe("tiles", () => {
  it("never gives two issuers the same mark ('C' was both Citi and Chase)", () => {
    const issuers = ["Chase", "Citi", "Capital One", "American Express", "Discover", "Bank of America", "Barclays"];
    const codes = issuers.map((issuer) => issuerMark(issuer).code);
    expect(new Set(codes).size).toBe(issuers.length);
    expect(issuerMark("Some Credit Union").code).toBe("SO");
  });

  it("says 'referral' for one", () => {
    expect(remainingWarning(1, 5)).toBe("Only 1 referral left");
    expect(remainingWarning(3, 3)).toBe("Only 3 referrals left");
    expect(remainingWarning(0, 5)).toBeNull();
  });
});
