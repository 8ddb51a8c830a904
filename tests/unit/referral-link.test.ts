import { describe, expect, it } from "vitest";
import { isSafeReferralLink, normalizeReferralLink } from "~/core/referral-link";

describe("normalizeReferralLink", () => {
  it("lower-cases the host, drops tracking parameters, fragments and trailing slashes", () => {
    expect(normalizeReferralLink("https://WWW.Refer.Example.com/Card/ABC/?utm_source=x&code=Z9&fbclid=1#top")).toBe(
      "https://www.refer.example.com/Card/ABC?code=Z9",
    );
  });

  it("gives the same form for links that differ only in tracking or parameter order", () => {
    const a = normalizeReferralLink("https://bank.example/r?b=2&a=1&gclid=xyz");
    const b = normalizeReferralLink("https://BANK.example/r/?a=1&b=2");
    expect(a).toBe(b);
  });

  it("keeps the path's case, since referral codes are case-sensitive", () => {
    expect(normalizeReferralLink("https://bank.example/AbC")).not.toBe(
      normalizeReferralLink("https://bank.example/abc"),
    );
  });

  it("throws on a string that is not a URL", () => {
    expect(() => normalizeReferralLink("not a link")).toThrow();
  });
});

describe("isSafeReferralLink", () => {
  it("accepts only https links", () => {
    expect(isSafeReferralLink("https://bank.example/r/1")).toBe(true);
    expect(isSafeReferralLink("http://bank.example/r/1")).toBe(false);
    expect(isSafeReferralLink("javascript:alert(1)")).toBe(false);
    expect(isSafeReferralLink("data:text/html,hi")).toBe(false);
    expect(isSafeReferralLink("")).toBe(false);
  });
});
