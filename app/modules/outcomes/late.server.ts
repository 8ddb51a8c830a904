/**
 * Late shares (the cron, ADR 180): an application whose bonus the applicant confirmed more than
 * SHARE_DUE_DAYS ago, with a share promised and not yet marked paid, calls its referrer back once.
 */
import type { Db } from "../../../db/client";
import type { Ctx } from "~/core/context.server";
import { notify } from "~/modules/notifications/notify.server";
import { SHARE_DUE_MS, outcomeHref } from "./notify.server";

/** How many late shares one cron run looks at (the next run takes the rest). */
const LATE_BATCH = 50;

export async function remindLateShares(ctx: { db: Db } & Pick<Ctx, "notifications">, now: number) {
  const { results } = await ctx.db.$client
    .prepare(
      `SELECT a.id, a.referrer_id AS referrerId, a.referral_id AS referralId, c.name AS cardName,
              a.promised_share_percent AS percent, b.created_at AS confirmedAt
         FROM application_outcomes b
         JOIN applications a ON a.id = b.application_id
         JOIN credit_cards c ON c.id = a.credit_card_id
        WHERE b.step = 'bonus-received' AND b.created_at < ?
          AND a.promised_share_percent > 0
          AND a.status NOT IN ('cancelled', 'denied', 'rejected')
          AND NOT EXISTS (SELECT 1 FROM application_outcomes p WHERE p.application_id = a.id AND p.step = 'share-paid')
          AND NOT EXISTS (SELECT 1 FROM notification_marks m
                           WHERE m.user_id = a.referrer_id AND m.key = 'share-late:' || a.id)
        ORDER BY b.created_at
        LIMIT ?`,
    )
    .bind(now - SHARE_DUE_MS, LATE_BATCH)
    .all<{
      id: string;
      referrerId: string;
      referralId: string;
      cardName: string;
      percent: number;
      confirmedAt: number;
    }>();
  for (const app of results) {
    await notify(ctx, {
      kind: "outcomes",
      userId: app.referrerId,
      key: `share-late:${app.id}`,
      throttle: { key: `share-late:${app.id}`, windowMs: Infinity, now },
      content: {
        subject: `Cardshare: the share for ${app.cardName} is late`,
        lines: [
          `The applicant confirmed the ${app.cardName} bonus, and the ${app.percent}% share you promised is not marked paid.`,
          "Pay it and record it on the application, or talk it over in your chat with them.",
        ],
        action: { path: outcomeHref(app, "referrer").split("#")[0]!, label: "Open the application" },
        deadline: app.confirmedAt + SHARE_DUE_MS,
      },
    });
  }
  return results.length;
}
