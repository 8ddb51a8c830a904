/**
 * Migration 0021's triggers (and 0023's partial index) keep each card's market in SQL, restating
 * two rules the TypeScript states first: which referrals are listed (LISTED_CONDITION, db/schema.ts)
 * and what an offer is worth (UNIT_VALUE_USD, cards/value.ts); the best share is the largest
 * amount agreed up front (referrals.share_amount_cents) in dollars. This file fails when either
 * side moves without the other: the SQL the database holds must contain the rule as the
 * TypeScript renders it now (text), and the triggers' columns must equal what the TypeScript
 * rule computes over the same rows (behaviour).
 */
import { env } from "cloudflare:test";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeCard, makeReferral } from "../../db/factories";
import { creditCards, LISTED_CONDITION, referrals } from "../../db/schema";
import { estimatedValue, UNIT_VALUE_USD } from "~/modules/cards/value";
import { createSignedInUser, testDb } from "./helpers";

/** LISTED_CONDITION about one row of a trigger (`NEW.is_active = 1 AND ...`), or unqualified as written. */
const listedOf = (row?: "NEW" | "OLD") => (row ? LISTED_CONDITION.replace(/"(\w+)"/g, `${row}.$1`) : LISTED_CONDITION);
/** The listing rule's columns, read from the TypeScript constant. */
const RULE_COLUMNS = [...LISTED_CONDITION.matchAll(/"(\w+)"/g)].map((match) => match[1]);
/** The column the best share is the largest of: the amount agreed up front, in cents. */
const SHARE_COLUMN = getTableColumns(referrals).shareAmountCents.name;
/** A share in dollars as the triggers write it, about one row. */
const shareDollarsOf = (row: "NEW" | "OLD") => `coalesce(${row}.${SHARE_COLUMN}, 0) / 100.0`;
/** The best share's recount: the largest listed amount of the card, in dollars. */
const BEST_SHARE_RECOUNT = `coalesce((SELECT max(r.${SHARE_COLUMN}) FROM referrals r WHERE r.credit_card_id = credit_cards.id AND ${listedOf()}), 0) / 100.0`;
/** The offer's value as UNIT_VALUE_USD says, about one row: a unit without a rate is worth 0. */
const offerValueOf = (row: "NEW") => {
  const rates = Object.entries(UNIT_VALUE_USD)
    .filter((entry): entry is [string, number] => entry[1] !== null)
    .map(([unit, rate]) => `WHEN '${unit}' THEN ${row}.offer_amount${rate === 1 ? "" : ` * ${rate}`}`);
  return `CASE WHEN ${row}.offer_amount <= 0 THEN 0 ELSE CASE ${row}.offer_unit ${rates.join(" ")} ELSE 0 END END`;
};

async function schemaSql(name: string) {
  const row = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE name = ?").bind(name).first<{ sql: string }>();
  expect(row, name).not.toBeNull();
  return row!.sql.replace(/\s+/g, " ");
}

/** How many times `part` stands in `text`. */
const count = (text: string, part: string) => text.split(part).length - 1;

describe("the market triggers state the TypeScript rules", () => {
  it("restate LISTED_CONDITION exactly, and nothing else of it", async () => {
    const expected: Record<string, { NEW: number; OLD: number; plain: number }> = {
      referrals_after_insert_market: { NEW: 1, OLD: 0, plain: 0 },
      referrals_after_update_market: { NEW: 2, OLD: 3, plain: 1 },
      referrals_after_delete_market: { NEW: 0, OLD: 1, plain: 1 },
      referrals_card_best_share_idx: { NEW: 0, OLD: 0, plain: 1 },
    };
    for (const [name, times] of Object.entries(expected)) {
      let text = await schemaSql(name);
      for (const row of ["NEW", "OLD"] as const) {
        expect(count(text, listedOf(row)), `${name}: ${listedOf(row)}`).toBe(times[row]);
        text = text.replaceAll(listedOf(row), "");
      }
      expect(count(text, listedOf()), `${name}: ${listedOf()}`).toBe(times.plain);
      text = text.replaceAll(listedOf(), "");
      // What is left names the rule's columns only in the trigger's UPDATE OF list.
      const rest = text.replace(/AFTER UPDATE OF [\w, ]+ ON/, "");
      for (const column of RULE_COLUMNS) expect(rest, `${name} restates ${column} otherwise`).not.toContain(column);
    }
  });

  it("take the best share as the largest amount agreed up front, in dollars", async () => {
    const insert = await schemaSql("referrals_after_insert_market");
    expect(insert).toContain(`best_share_value = max(best_share_value, ${shareDollarsOf("NEW")})`);
    const update = await schemaSql("referrals_after_update_market");
    expect(update).toContain(`best_share_value = max(best_share_value, ${shareDollarsOf("NEW")})`);
    expect(update).toContain(`${shareDollarsOf("OLD")} IS NOT ${shareDollarsOf("NEW")}`);
    expect(update).toContain(`best_share_value = (${BEST_SHARE_RECOUNT})`);
    expect(await schemaSql("referrals_after_delete_market")).toContain(`best_share_value = (${BEST_SHARE_RECOUNT})`);
  });

  it("value a card's offer by UNIT_VALUE_USD", async () => {
    for (const name of ["credit_cards_after_insert_market", "credit_cards_after_update_market"]) {
      expect(await schemaSql(name), name).toContain(`SET offer_value = ${offerValueOf("NEW")} WHERE id = NEW.id`);
    }
  });

  it("count and rank what the TypeScript rule selects from the same rows", async () => {
    const card = makeCard({ offerAmount: 60_000, offerUnit: "Miles" });
    await testDb().insert(creditCards).values(card);
    // One referral a member per card: a member for each.
    const owner = async () => (await createSignedInUser()).user.id;
    // Listed referrals, and one apart from them on each of the rule's columns, each promising more.
    const rows = [
      makeReferral(await owner(), card.id, { shareAmountCents: 2000 }),
      makeReferral(await owner(), card.id, { shareAmountCents: 9000, isActive: false }),
      makeReferral(await owner(), card.id, { shareAmountCents: 9100 }),
      makeReferral(await owner(), card.id, { shareAmountCents: 9200 }),
      makeReferral(await owner(), card.id, { shareAmountCents: 8000, availableReferCount: 0 }),
      makeReferral(await owner(), card.id, { shareAmountCents: 7000, availableReferCount: 3 }),
      makeReferral(await owner(), card.id, { shareAmountCents: null }),
    ];
    // One at a time: a multi-row insert passes D1's limit of bound variables.
    for (const row of rows) await testDb().insert(referrals).values(row);
    // The card's and the referrer's flags are copied in by trigger on insert: set apart after it.
    await testDb().update(referrals).set({ cardActive: false }).where(eq(referrals.id, rows[2].id));
    await testDb().update(referrals).set({ referrerActive: false }).where(eq(referrals.id, rows[3].id));
    const listed = await testDb()
      .select({ cents: referrals.shareAmountCents })
      .from(referrals)
      .where(sql`${referrals.creditCardId} = ${card.id} AND ${sql.raw(LISTED_CONDITION)}`);
    const market = await testDb()
      .select({ live: creditCards.liveReferrals, best: creditCards.bestShareValue, offer: creditCards.offerValue })
      .from(creditCards)
      .where(eq(creditCards.id, card.id))
      .get();
    expect(listed.length).toBe(3);
    expect(market!.live).toBe(listed.length);
    expect(market!.best).toBe(Math.max(...listed.map((row) => (row.cents ?? 0) / 100)));
    expect(market!.offer).toBeCloseTo(estimatedValue({ amount: card.offerAmount!, unit: card.offerUnit! })!, 6);
  });
});
