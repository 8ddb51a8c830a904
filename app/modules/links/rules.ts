/**
 * What makes a referral link acceptable (docs/decisions/155-link-domains-and-review.md), browser-safe
 * so the /refer form says it as one types: no URL shortener, no IP address, no user name or
 * password, no port. Whether the host belongs to the card's issuer needs the issuer's domains from
 * the database (review.server.ts); `hostIsListed` is the pure half of it.
 */
import type { LinkReviewReason } from "../../../db/enums";

/** Services that hide where a link goes. A subdomain of one counts too. */
export const URL_SHORTENERS = [
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "ow.ly",
  "is.gd",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "tiny.cc",
  "rb.gy",
  "t.ly",
  "v.gd",
  "s.id",
  "lnkd.in",
  "bl.ink",
  "short.io",
  "soo.gd",
  "clck.ru",
] as const;

/** The field messages of a refused link, in the person's words. */
export const LINK_RULE_MESSAGES = {
  shortener:
    "Shortened links (bit.ly, tinyurl and the like) hide where they go. Paste the issuer's own referral link instead.",
  "ip-address": "Use the issuer's web address, not a numeric IP address.",
  credentials: "Remove the user name or password from the link (the part before @).",
  port: "Remove the port number from the link (like :8080): issuers' referral pages use the standard one.",
} as const satisfies Record<Exclude<LinkReviewReason, "unlisted-host">, string>;

/** How the admin screens and the owner read each reason. */
export const LINK_REVIEW_LABELS: Record<LinkReviewReason, string> = {
  "unlisted-host": "The link's site is not one of the card issuer's known domains",
  shortener: "The link uses a URL shortener",
  "ip-address": "The link uses an IP address",
  credentials: "The link carries a user name or password",
  port: "The link uses a non-standard port",
};

/** The host of a URL as compared with domains: lower case, no trailing dot. */
export function hostOf(url: URL) {
  return url.hostname.toLowerCase().replace(/\.$/, "");
}

/** Whether `host` is `domain` or one of its subdomains. */
export function isWithin(host: string, domain: string) {
  return host === domain || host.endsWith(`.${domain}`);
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * What is wrong with a link's shape, whoever its issuer, or null. The URL parser has already
 * turned odd IP spellings (decimal, hex, octal) into dotted quads and dropped the default port.
 */
export function linkShapeProblem(link: string): Exclude<LinkReviewReason, "unlisted-host"> | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null; // The field's own URL check reports it.
  }
  if (url.username || url.password) return "credentials";
  const host = hostOf(url);
  if (host.startsWith("[") || IPV4.test(host)) return "ip-address";
  if (url.port !== "") return "port";
  if (URL_SHORTENERS.some((domain) => isWithin(host, domain))) return "shortener";
  return null;
}

/** Whether a link's host is one of `domains` or under one of them. */
export function hostIsListed(link: string, domains: readonly string[]) {
  try {
    const host = hostOf(new URL(link.trim()));
    return domains.some((domain) => isWithin(host, domain));
  } catch {
    return false;
  }
}

/**
 * A domain as an admin types it ("https://www.Chase.com/", "chase.com") in the stored form
 * ("chase.com"), or null when it is no domain (an IP address, a shortener, one label).
 */
export function normalizeDomain(input: string): string | null {
  const text = input.trim().toLowerCase();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text.includes("://") ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = hostOf(url).replace(/^www\./, "");
  if (!host.includes(".") || host.startsWith("[") || IPV4.test(host)) return null;
  if (!/^[a-z0-9.-]+$/.test(host) || host.length > 253) return null;
  if (URL_SHORTENERS.some((domain) => isWithin(host, domain))) return null;
  return host;
}
