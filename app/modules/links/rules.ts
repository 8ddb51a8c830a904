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

/** Why a link is held for review rather than refused: it may be honest, an admin decides. */
export type HoldReason = Extract<LinkReviewReason, "unlisted-host" | "embedded-url">;
/** Why a link is refused outright (and an older one flagged). */
export type ShapeProblem = Exclude<LinkReviewReason, HoldReason>;

/** The field messages of a refused link, in the person's words. */
export const LINK_RULE_MESSAGES = {
  shortener:
    "Shortened links (bit.ly, tinyurl and the like) hide where they go. Paste the issuer's own referral link instead.",
  "ip-address": "Use the issuer's web address, not a numeric IP address.",
  credentials: "Remove the user name or password from the link (the part before @).",
  port: "Remove the port number from the link (like :8080): issuers' referral pages use the standard one.",
} as const satisfies Record<ShapeProblem, string>;

/** How the admin screens and the owner read each reason. */
export const LINK_REVIEW_LABELS: Record<LinkReviewReason, string> = {
  "unlisted-host": "The link's site is not one of the card issuer's known domains",
  "embedded-url": "The link carries another site's address (it may redirect there)",
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
export function linkShapeProblem(link: string): ShapeProblem | null {
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

/** An address with a scheme (`https://x`, `https:/x`, `https:\\x`: browsers read all three alike). */
const SCHEME_URL = /[a-z][a-z0-9+.-]*:[/\\]+[^\s"'<>]+/gi;
/** A value that is a host name on its own (`evil.example`, `//evil.example/path`). */
const BARE_HOST = /^(?:[/\\]{2})?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\.?(?::\d+)?(?:[/\\?#].*)?$/i;
/** A value that starts like a link without its scheme (`//host`). */
const SCHEME_RELATIVE = /^[/\\]{2}/;

/** Percent-decoding until nothing changes (a redirector's parameter is often encoded twice). */
function decodeFully(text: string) {
  let value = text;
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(value);
    } catch {
      return value;
    }
    if (next === value) return value;
    value = next;
  }
  return value;
}

/** The host an address names (as `hostOf` writes it), or null for one that is not a URL. */
export function hostnameOf(address: string) {
  try {
    const url = new URL(address);
    return url.hostname ? hostOf(url) : null;
  } catch {
    return null;
  }
}

/** The hosts a text names: addresses with a scheme anywhere in it, or the text as a bare host. */
function hostsIn(text: string): string[] {
  const hosts = [...text.matchAll(SCHEME_URL)].map(([address]) => hostnameOf(address));
  const value = text.trim();
  if (SCHEME_RELATIVE.test(value) || BARE_HOST.test(value)) {
    hosts.push(hostnameOf(`https://${value.replace(SCHEME_RELATIVE, "")}`));
  }
  return hosts.filter((host): host is string => host !== null);
}

/**
 * The hosts a link carries besides its own (docs/decisions/156): in its query's or fragment's names
 * and values, decoded (`url=https%3A%2F%2Fevil.example`), as a full address, a scheme-relative one
 * (`//evil.example`) or a bare host (`evil.example`); and full addresses in its path. A redirector
 * on an issuer's domain sends the applicant to whichever host that is. Ordinary parameters
 * (`ref=abc123`, `utm_source=x`) carry none.
 */
export function carriedHosts(url: URL): string[] {
  const parts = `${url.search.slice(1)}#${url.hash.slice(1)}`.split(/[&;?#]/).flatMap((piece) => {
    const equals = piece.indexOf("=");
    return equals < 0 ? [piece] : [piece.slice(0, equals), piece.slice(equals + 1)];
  });
  const hosts = parts.flatMap((part) => hostsIn(decodeFully(part.replace(/\+/g, " "))));
  const path = decodeFully(url.pathname);
  return [...hosts, ...[...path.matchAll(SCHEME_URL)].flatMap(([address]) => hostnameOf(address) ?? [])];
}

/**
 * Why a link waits for an admin given its issuer's domains, or null when it may go live: its host is
 * not listed (`unlisted-host`), or it carries a host that is not (`embedded-url`: a redirector on
 * a listed domain). The shape rules (linkShapeProblem) are asked first.
 */
export function linkHoldReason(link: string, domains: readonly string[]): HoldReason | null {
  if (!hostIsListed(link, domains)) return "unlisted-host";
  const listed = (host: string) => domains.some((domain) => isWithin(host, domain));
  return carriedHosts(new URL(link.trim())).every(listed) ? null : "embedded-url";
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
