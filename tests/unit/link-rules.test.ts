import { describe, expect, it } from "vitest";
import { hostIsListed, linkShapeProblem, normalizeDomain } from "~/modules/links/rules";

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

  it("reads an admin's domain in the stored form, or refuses it", () => {
    expect(normalizeDomain("https://www.Chase.com/path")).toBe("chase.com");
    expect(normalizeDomain(" amex.com ")).toBe("amex.com");
    expect(normalizeDomain("refer.discover.com")).toBe("refer.discover.com");
    for (const bad of ["", "localhost", "10.0.0.1", "bit.ly", "[::1]", "exa mple.com"]) {
      expect(normalizeDomain(bad), bad).toBeNull();
    }
  });
});
