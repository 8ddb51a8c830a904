import { describe, expect, it } from "vitest";
import { carriedHosts, hostIsListed, linkHoldReason, linkShapeProblem, normalizeDomain } from "~/modules/links/rules";

describe("link rules (docs/decisions/155)", () => {
  it.each([
    ["https://bit.ly/x", "shortener"],
    ["https://BIT.LY/x", "shortener"],
    ["https://go.rebrand.ly/x", "shortener"],
    ["https://127.0.0.1/x", "ip-address"],
    ["https://2130706433/x", "ip-address"],
    ["https://[::1]/x", "ip-address"],
    ["https://a:b@chase.com/x", "credentials"],
    ["https://user@chase.com/x", "credentials"],
    ["https://chase.com:8443/x", "port"],
    ["https://chase.com:443/x", null],
    ["https://www.referyourchasecard.com/19/ABC", null],
    ["https://bitly.example.com/x", null],
  ] as const)("%s -> %s", (link, problem) => {
    expect(linkShapeProblem(link)).toBe(problem);
  });

  it("lists a host that is a domain or its subdomain, never a look-alike", () => {
    const domains = ["chase.com", "referyourchasecard.com"];
    expect(hostIsListed("https://chase.com/r", domains)).toBe(true);
    expect(hostIsListed("https://WWW.Chase.com./r", domains)).toBe(true);
    expect(hostIsListed("https://refer.chase.com/r", domains)).toBe(true);
    expect(hostIsListed("https://notchase.com/r", domains)).toBe(false);
    expect(hostIsListed("https://chase.com.evil.example/r", domains)).toBe(false);
    expect(hostIsListed("not a url", domains)).toBe(false);
    expect(hostIsListed("https://chase.com/r", [])).toBe(false);
  });

  it.each([
    // A redirector on the issuer's domain (docs/decisions/156): held like an unlisted host.
    ["https://www.chase.com/redirect?url=https://evil.example", "embedded-url"],
    ["https://www.chase.com/redirect?url=https%3A%2F%2Fevil.example%2Fphish", "embedded-url"],
    ["https://www.chase.com/redirect?url=https%253A%252F%252Fevil.example", "embedded-url"],
    ["https://www.chase.com/redirect?next=//evil.example/x", "embedded-url"],
    ["https://www.chase.com/redirect?next=%2F%2Fevil.example", "embedded-url"],
    ["https://www.chase.com/redirect?to=evil.example", "embedded-url"],
    ["https://www.chase.com/redirect?to=evil.example/path", "embedded-url"],
    ["https://www.chase.com/redirect?u=https:/evil.example", "embedded-url"],
    ["https://www.chase.com/redirect?u=https:%5C%5Cevil.example", "embedded-url"],
    ["https://www.chase.com/r?a=1&https://evil.example", "embedded-url"],
    ["https://www.chase.com/r#https://evil.example", "embedded-url"],
    ["https://www.chase.com/r#/go?to=evil.example", "embedded-url"],
    ["https://www.chase.com/go/https://evil.example", "embedded-url"],
    ["https://www.chase.com/redirect?url=https://user@evil.example:8443/x", "embedded-url"],
    // Ordinary parameters, and addresses on the issuer's own listed domains, carry nothing foreign.
    ["https://www.chase.com/r?ref=abc123", null],
    ["https://www.chase.com/r?ref=abc123&utm_source=x&utm_medium=email", null],
    ["https://www.referyourchasecard.com/19/ABC?CELL=6TKV#apply", null],
    ["https://www.chase.com/r?amount=1.5&date=2026-11-27T10:30:00Z&email=me@home.example", null],
    ["https://www.chase.com/redirect?url=https://refer.chase.com/x", null],
    ["https://www.chase.com/redirect?url=referyourchasecard.com", null],
    // The host itself comes first.
    ["https://evil.example/r?url=https://chase.com", "unlisted-host"],
  ] as const)("%s -> %s", (link, reason) => {
    expect(linkHoldReason(link, ["chase.com", "referyourchasecard.com"])).toBe(reason);
  });

  it("names the hosts a link carries", () => {
    expect(carriedHosts(new URL("https://chase.com/x?a=https%3A%2F%2FEvil.Example.&b=ok#c=//other.example"))).toEqual([
      "evil.example",
      "other.example",
    ]);
    expect(carriedHosts(new URL("https://chase.com/x?ref=abc123&utm_source=x"))).toEqual([]);
  });

  it("reads an admin's domain in the stored form, or refuses it", () => {
    expect(normalizeDomain("https://www.Chase.com/path")).toBe("chase.com");
    expect(normalizeDomain(" amex.com ")).toBe("amex.com");
    expect(normalizeDomain("refer.discover.com")).toBe("refer.discover.com");
    for (const bad of ["", "localhost", "10.0.0.1", "bit.ly", "[::1]", "exa mple.com"]) {
      expect(normalizeDomain(bad), bad).toBeNull();
    }
  });
});
