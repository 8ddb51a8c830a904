/**
 * Issuers' link domains (docs/decisions/155-link-domains-and-review.md): which hosts an issuer's
 * referral links may use, and the check a new or edited link goes through against them.
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { creditCards, issuerDomains } from "../../../db/schema";
import type { LinkReviewReason } from "../../../db/enums";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { auditEntry } from "~/modules/admin/audit.server";
import { linkHoldReason, linkShapeProblem, normalizeDomain } from "./rules";

export const DOMAIN_MESSAGES = {
  invalid: (entry: string) =>
    `"${entry}" is not a domain (like chase.com). Shorteners and IP addresses are not allowed.`,
  tooMany: "An issuer can list at most 50 domains.",
  saved: (issuer: string) => `Link domains saved for ${issuer}`,
} as const;

export const MAX_DOMAINS = 50;

/** Issuer names are matched without regard to case: a member types "chase" for Chase's new card. */
const sameIssuer = (issuer: string) => sql`${issuerDomains.issuer} = ${issuer} COLLATE NOCASE`;

/** The domains listed for an issuer, sorted. */
export async function domainsOfIssuer(db: Db, issuer: string) {
  const rows = await db
    .select({ domain: issuerDomains.domain })
    .from(issuerDomains)
    .where(sameIssuer(issuer))
    .orderBy(asc(issuerDomains.domain));
  return rows.map((row) => row.domain);
}

/** The domains of a card's issuer, read with the card in one statement. */
async function domainsOfCard(db: Db, cardId: string) {
  const rows = await db
    .select({ domain: issuerDomains.domain })
    .from(issuerDomains)
    .where(
      sql`${issuerDomains.issuer} = (SELECT ${creditCards.issuer} FROM ${creditCards} WHERE ${creditCards.id} = ${cardId}) COLLATE NOCASE`,
    );
  return rows.map((row) => row.domain);
}

/**
 * Why a link must wait for an admin, or null when it may go live: its host, or a host its query or
 * fragment carries, is not listed for the card's issuer (a listed card by id, or a new card by the
 * issuer its member typed). The shape rules (shortener, IP, credentials, port) refused it before
 * this is asked.
 */
export async function reviewOfNewLink(
  db: Db,
  input: { link: string } & ({ cardId: string } | { issuer: string }),
): Promise<LinkReviewReason | null> {
  const domains = "cardId" in input ? await domainsOfCard(db, input.cardId) : await domainsOfIssuer(db, input.issuer);
  return linkHoldReason(input.link, domains);
}

/** The verdict for a referral draft: its listed card's issuer, or the issuer its new card names. */
export function reviewOfDraft(
  db: Db,
  draft: { referralLink: string; creditCardId: string; newCard?: { issuer: string } },
) {
  return reviewOfNewLink(db, {
    link: draft.referralLink,
    ...(draft.newCard ? { issuer: draft.newCard.issuer } : { cardId: draft.creditCardId }),
  });
}

/** The same verdict for a link published before the rules: its shape first, then its host. */
export function reviewOfExistingLink(link: string, domains: readonly string[]): LinkReviewReason | null {
  return linkShapeProblem(link) ?? linkHoldReason(link, domains);
}

/** Parses an admin's list (one per line, or separated by commas or spaces) into stored domains. */
export function parseDomainList(text: string) {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  const domains: string[] = [];
  for (const entry of entries) {
    const domain = normalizeDomain(entry);
    if (!domain)
      throw new DomainError(400, DOMAIN_MESSAGES.invalid(entry), { domains: DOMAIN_MESSAGES.invalid(entry) });
    if (!domains.includes(domain)) domains.push(domain);
  }
  if (domains.length > MAX_DOMAINS)
    throw new DomainError(400, DOMAIN_MESSAGES.tooMany, { domains: DOMAIN_MESSAGES.tooMany });
  return domains;
}

/** The statement that lists one more domain for an issuer (nothing when it is listed already). */
export function addDomainStatement(db: Db, issuer: string, domain: string) {
  return db.insert(issuerDomains).values({ issuer, domain }).onConflictDoNothing();
}

/**
 * An admin replaces an issuer's domains (the card screens): one batch with its audit row, which
 * names the list as saved. Referrals already published are not re-judged (docs/decisions/155).
 */
export async function setIssuerDomains(ctx: Pick<Ctx, "db" | "actor">, input: { issuer: string; domains: string }) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const domains = parseDomainList(input.domains);
  const statements = [
    db
      .delete(issuerDomains)
      .where(
        and(
          eq(issuerDomains.issuer, input.issuer),
          domains.length > 0 ? notInArray(issuerDomains.domain, domains) : undefined,
        ),
      ),
    ...domains.map((domain) => addDomainStatement(db, input.issuer, domain)),
    auditEntry(db, ctx.actor, {
      action: "issuer.domains",
      targetType: "issuer",
      targetId: input.issuer,
      reason: domains.length > 0 ? domains.join(", ") : "(none)",
    }),
  ] as const;
  await db.batch(statements);
  return { message: DOMAIN_MESSAGES.saved(input.issuer), domains };
}

/** The domains of several issuers at once (the sweep of older links). */
export async function domainsOfIssuers(db: Db, issuers: string[]) {
  if (issuers.length === 0) return new Map<string, string[]>();
  const rows = await db
    .select({ issuer: issuerDomains.issuer, domain: issuerDomains.domain })
    .from(issuerDomains)
    .where(inArray(sql`lower(${issuerDomains.issuer})`, [...new Set(issuers.map((issuer) => issuer.toLowerCase()))]));
  const byIssuer = new Map<string, string[]>();
  for (const row of rows) {
    const key = row.issuer.toLowerCase();
    byIssuer.set(key, [...(byIssuer.get(key) ?? []), row.domain]);
  }
  return byIssuer;
}
