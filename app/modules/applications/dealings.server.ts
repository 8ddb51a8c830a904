/**
 * Open dealings between two members (docs/decisions/175): applications between them, either way,
 * that have no outcome yet or carry an open dispute. Blocking such a member warns first, and the
 * blocked member's chat says what still works (the timeline, the dispute, the admins).
 */
import { sql, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { hasOutcomeSql } from "~/modules/reputation/verified.server";

/** How many open dealings stand between `a` and `b` (columns or values), as one subquery. */
export function openDealingsSql(a: SQLWrapper | string, b: SQLWrapper | string) {
  return sql<number>`(select count(*) from applications d
    where ((d.applicant_id = ${a} and d.referrer_id = ${b}) or (d.applicant_id = ${b} and d.referrer_id = ${a}))
      and (not ${hasOutcomeSql(sql`d.status`)} or exists (select 1 from application_outcomes x
        where x.application_id = d.id and x.step = 'share-not-received' and x.closed_at is null)))`;
}

/** The same count, read on its own (the profile's Block question, the block's answer). */
export async function openDealingsBetween(db: Db, a: string, b: string) {
  const row = await db.get<{ count: number }>(sql`select ${openDealingsSql(a, b)} as count`);
  return Number(row?.count ?? 0);
}
