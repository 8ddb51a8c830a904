/**
 * Late shares (the cron, ADR 180): a share past its deadline and not marked paid (share_due_at,
 * kept by app/modules/shares/late.server.ts, docs/decisions/185) calls its referrer back once.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { applications, creditCards, notificationMarks } from "../../../db/schema";
import type { Ctx } from "~/core/context.server";
import { notify } from "~/modules/notifications/notify.server";
import { outcomeHref } from "./notify.server";

/** How many late shares one cron run looks at (the next run takes the rest). */
const LATE_BATCH = 50;

export async function remindLateShares(ctx: { db: Db } & Pick<Ctx, "notifications">, now: number) {
  const results = await ctx.db
    .select({
      id: applications.id,
      referrerId: applications.referrerId,
      referralId: applications.referralId,
      cardName: creditCards.name,
      percent: applications.promisedSharePercent,
      // Milliseconds, as the mail reads it (the column itself decodes to a Date).
      dueAt: sql<number>`${applications.shareDueAt}`,
    })
    .from(applications)
    .innerJoin(creditCards, eq(creditCards.id, applications.creditCardId))
    .where(
      and(
        isNotNull(applications.shareDueAt),
        sql`${applications.shareDueAt} <= ${now}`,
        sql`not exists (select 1 from ${notificationMarks} where ${notificationMarks.userId} = ${applications.referrerId}
          and ${notificationMarks.key} = 'share-late:' || ${applications.id})`,
      ),
    )
    .orderBy(applications.shareDueAt)
    .limit(LATE_BATCH);
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
