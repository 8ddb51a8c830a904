/**
 * Late shares (the cron, ADR 180): a share past its deadline and not marked paid (share_due_at,
 * kept by app/modules/shares/late.server.ts, docs/decisions/185) calls its referrer back once.
 */
import type { Db } from "../../../db/client";
import type { Ctx } from "~/core/context.server";
import { notify } from "~/modules/notifications/notify.server";
import { outcomeHref } from "./notify.server";

/** How many late shares one cron run looks at (the next run takes the rest). */
const LATE_BATCH = 50;

export async function remindLateShares(ctx: { db: Db } & Pick<Ctx, "notifications">, now: number) {
  const { results } = await ctx.db.$client
    .prepare(
      `SELECT a.id, a.referrer_id AS referrerId, a.referral_id AS referralId, c.name AS cardName,
              a.promised_share_percent AS percent, a.share_due_at AS dueAt
         FROM applications a
         JOIN credit_cards c ON c.id = a.credit_card_id
        WHERE a.share_due_at IS NOT NULL AND a.share_due_at <= ?
          AND NOT EXISTS (SELECT 1 FROM notification_marks m
                           WHERE m.user_id = a.referrer_id AND m.key = 'share-late:' || a.id)
        ORDER BY a.share_due_at
        LIMIT ?`,
    )
    .bind(now, LATE_BATCH)
    .all<{
      id: string;
      referrerId: string;
      referralId: string;
      cardName: string;
      percent: number;
      dueAt: number;
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
          `The share you promised for ${app.cardName} was due and is not marked paid.`,
          "Pay it and record it on the application, or talk it over in your chat with them.",
        ],
        action: { path: outcomeHref(app, "referrer").split("#")[0]!, label: "Open the application" },
        deadline: app.dueAt,
      },
    });
  }
  return results.length;
}
