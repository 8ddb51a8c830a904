/**
 * The scheduled link check (docs/product.md#link-health): each cron run fetches a few live
 * referral links, least recently checked first, with a short timeout and without following
 * redirects, and records what it saw: the status (0 when the request failed or timed out) and the
 * host it was sent to. It never hides a referral: people decide (docs/decisions/151, 155).
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { creditCards, referrals } from "../../../db/schema";
import type { NotificationQueue } from "~/modules/notifications/messages.server";
import { linkCheckFails, linkCheckSummary } from "./link-check-note";
import { notifyReferrer } from "./notices.server";
import { hostOf, linkShapeProblem } from "./rules";

export const CHECK_BATCH = 10;
export const CHECK_TIMEOUT_MS = 5000;

export interface LinkCheckResult {
  status: number;
  host: string | null;
}

/** One request: HEAD first, GET when the server does not answer HEAD; a redirect is read, not followed. */
export async function checkLink(link: string, fetcher: typeof fetch = fetch, timeoutMs = CHECK_TIMEOUT_MS) {
  const url = new URL(link);
  const once = (method: "HEAD" | "GET") =>
    fetcher(url, {
      method,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: { "User-Agent": "Cardshare link check (+https://cardshare.app)" },
    });
  try {
    let response = await once("HEAD");
    if (response.status === 405 || response.status === 501) response = await once("GET");
    await response.body?.cancel();
    const location = response.headers.get("Location");
    let host = hostOf(url);
    if (response.status >= 300 && response.status < 400 && location) {
      try {
        host = hostOf(new URL(location, url));
      } catch {
        // A Location that is no URL: the link's own host is what we know.
      }
    }
    return { status: response.status, host } satisfies LinkCheckResult;
  } catch {
    return { status: 0, host: null } satisfies LinkCheckResult;
  }
}

/**
 * Checks the next CHECK_BATCH live links (referrals_link_check_idx: never checked first) and records
 * each result in one batch. Links the rules refuse (an IP address, a port...) are not fetched. A
 * link that starts failing (it answered before, or was never checked) calls its referrer back once
 * (kind "links", ADR 180); it fails again only after a good answer in between.
 */
export async function checkLinkBatch(
  db: Db,
  options: { fetcher?: typeof fetch; limit?: number; now?: Date; notifications?: NotificationQueue } = {},
) {
  const rows = await db
    .select({
      id: referrals.id,
      link: referrals.referralLink,
      referrerId: referrals.referrerId,
      cardName: creditCards.name,
      lastStatus: referrals.linkCheckStatus,
    })
    .from(referrals)
    .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
    .where(eq(referrals.isActive, true))
    .orderBy(asc(referrals.linkCheckedAt), asc(referrals.id))
    .limit(options.limit ?? CHECK_BATCH);
  if (rows.length === 0) return [];
  const results = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      result: linkShapeProblem(row.link)
        ? { status: 0, host: null }
        : await checkLink(row.link, options.fetcher ?? fetch),
    })),
  );
  const checkedAt = options.now ?? new Date();
  const [first, ...rest] = results.map(({ id, result }) =>
    db
      .update(referrals)
      .set({ linkCheckStatus: result.status, linkCheckHost: result.host, linkCheckedAt: checkedAt })
      .where(sql`${referrals.id} = ${id}`),
  );
  await db.batch([first!, ...rest]);
  const { notifications } = options;
  if (notifications) {
    for (const row of rows) {
      const { result } = results.find((checked) => checked.id === row.id)!;
      if (!linkCheckFails(result.status) || (row.lastStatus !== null && linkCheckFails(row.lastStatus))) continue;
      await notifyReferrer({ db, notifications }, row.referrerId, {
        kind: "links",
        key: `link-failed:${row.id}:${checkedAt.getTime()}`,
        subject: `Your Cardshare referral link for ${row.cardName} failed its check`,
        text: `We checked the link of your ${row.cardName} referral and got ${linkCheckSummary(result)}. It stays live: open it yourself, then fix it or confirm it works on My Referrals.`,
      });
    }
  }
  return results;
}
