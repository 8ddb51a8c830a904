/**
 * The rewards programs' point valuations (docs/decisions/185): the admin list with the cards that
 * use each program, and an admin's edit, written with its audit row in one batch. A new value
 * prices shares named from then on; referrals and applications keep the amount they were saved with.
 */
import { asc, eq, sql } from "drizzle-orm";
import { creditCards, rewardValuations } from "../../../db/schema";
import { assertAdmin } from "~/core/actor";
import type { Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import { auditEntry } from "~/modules/admin/audit.server";
import { VALUATION_MESSAGES, type ValuationEdit } from "./valuations";

/** Every program, A-Z, with how many cards use it (a handful of rows: no paging). */
export async function listValuations(ctx: Pick<Ctx, "db" | "actor">) {
  assertAdmin(ctx.actor);
  return ctx.db
    .select({
      id: rewardValuations.id,
      program: rewardValuations.program,
      unit: rewardValuations.unit,
      centsPerPoint: rewardValuations.centsPerPoint,
      source: rewardValuations.source,
      updatedAt: rewardValuations.updatedAt,
      cards: sql<number>`(select count(*) from ${creditCards} c where c.rewards_program_id = ${rewardValuations.id})`,
    })
    .from(rewardValuations)
    .orderBy(asc(rewardValuations.program));
}

/** An admin sets a program's value per point (403 for anyone else, 404 for an unknown program). */
export async function updateValuation(ctx: Pick<Ctx, "db" | "actor">, input: ValuationEdit) {
  assertAdmin(ctx.actor);
  const { db } = ctx;
  const row = await db
    .select({ program: rewardValuations.program, centsPerPoint: rewardValuations.centsPerPoint })
    .from(rewardValuations)
    .where(eq(rewardValuations.id, input.id))
    .get();
  if (!row) throw new DomainError(404, VALUATION_MESSAGES.notFound);
  const now = new Date();
  await db.batch([
    db
      .update(rewardValuations)
      .set({ centsPerPoint: input.centsPerPoint, ...(input.source ? { source: input.source } : {}), updatedAt: now })
      .where(eq(rewardValuations.id, input.id)),
    auditEntry(
      db,
      ctx.actor,
      {
        action: "valuation.update",
        targetType: "valuation",
        targetId: input.id,
        reason: `${row.program}: ${row.centsPerPoint}¢ to ${input.centsPerPoint}¢${input.source ? ` (${input.source})` : ""}`,
      },
      now,
    ),
  ]);
  return { message: VALUATION_MESSAGES.updated(row.program, input.centsPerPoint) };
}
