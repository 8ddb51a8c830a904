/**
 * Loads the demo marketplace into the local D1 database.
 *
 *   npm run db:seed                         demo data (refuses a non-empty database)
 *   tsx scripts/seed.ts --if-empty          demo data only when there are no users yet (npm start)
 *   tsx scripts/seed.ts --persist-to DIR    another local database (tests, bench)
 *   tsx scripts/seed.ts --bench-referrals N demo data plus N generated referrals (bench)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { hashPassword } from "../app/modules/auth/password.server";
import { buildDemoActivity } from "../db/seed/activity";
import { buildBenchReferrals, buildDemoData, DEMO_PASSWORD } from "../db/seed/demo";
import { derivedStatements } from "./lib/seed-derived";
import { insertStatements } from "../db/seed/sql";
import * as schema from "../db/schema";
import { persistArgs, wrangler } from "./lib/wrangler";

const { values } = parseArgs({
  options: {
    "persist-to": { type: "string" },
    "if-empty": { type: "boolean", default: false },
    "bench-referrals": { type: "string" },
  },
});
const persistTo = values["persist-to"];
const benchCount = values["bench-referrals"] ? Number(values["bench-referrals"]) : 0;
if (!Number.isInteger(benchCount) || benchCount < 0 || benchCount > 100_000) {
  console.error("--bench-referrals must be a whole number from 0 to 100000");
  process.exit(2);
}

function countUsers(): number {
  const output = wrangler(
    [
      "d1",
      "execute",
      "DB",
      "--local",
      ...persistArgs(persistTo),
      "--json",
      "--command",
      "SELECT COUNT(*) AS n FROM users",
    ],
    { quiet: true },
  );
  const parsed = JSON.parse(output) as { results: { n: number }[] }[];
  return parsed[0]?.results[0]?.n ?? 0;
}

const existing = countUsers();
if (existing > 0) {
  if (values["if-empty"]) {
    console.log(`Database already has ${existing} users; seed skipped.`);
    process.exit(0);
  }
  console.error(
    `Database already has ${existing} users. Seed an empty database (delete .wrangler/state to start over).`,
  );
  process.exit(1);
}

const passwordHash = await hashPassword(DEMO_PASSWORD);
// Relative to the day it is loaded, so the last 90 days always hold the demo's activity.
const now = new Date();
const demo = buildDemoData(passwordHash, now);
const activity = buildDemoActivity(demo, passwordHash, now);
const bench = benchCount > 0 ? buildBenchReferrals(benchCount, demo.cards, passwordHash) : { users: [], referrals: [] };

const statements = [
  ...insertStatements(schema.users, [...demo.users, ...activity.users, ...bench.users]),
  ...insertStatements(schema.creditCards, demo.cards),
  ...insertStatements(schema.referrals, [...demo.referrals, ...bench.referrals]),
  ...insertStatements(schema.applications, [...demo.applications, ...activity.applications]),
  ...insertStatements(schema.applicationOutcomes, activity.outcomes),
  ...insertStatements(schema.referralDaily, activity.daily),
  ...insertStatements(schema.comments, [
    ...demo.comments.filter((comment) => !comment.originalCommentId),
    ...activity.comments,
  ]),
  ...insertStatements(
    schema.comments,
    demo.comments.filter((comment) => comment.originalCommentId),
  ),
  ...insertStatements(schema.chats, demo.chats),
  ...insertStatements(schema.chatMembers, demo.chatMembers),
  ...insertStatements(schema.messages, demo.messages),
  ...derivedStatements({
    referrerIds: demo.users.filter((user) => !user.isAdmin).map((user) => user.id),
    reviews: activity.comments.map((review) => ({
      reviewId: review.id,
      applicationId: review.applicationId!,
      referralId: review.referralId,
      applicantId: review.authorId,
    })),
  }),
];

const dir = join(".wrangler", "seed");
mkdirSync(dir, { recursive: true });
const file = join(dir, "seed.sql");
writeFileSync(file, statements.join("\n"));
wrangler(["d1", "execute", "DB", "--local", ...persistArgs(persistTo), "--yes", "--file", file], { quiet: true });

console.log(
  `Seeded ${demo.users.length + activity.users.length + bench.users.length} users, ${demo.cards.length} cards, ` +
    `${demo.referrals.length + bench.referrals.length} referrals, ` +
    `${demo.applications.length + activity.applications.length} applications, ` +
    `${activity.outcomes.length} outcome steps, ${demo.comments.length + activity.comments.length} comments, ` +
    `${activity.daily.length} days of referral analytics, ${demo.chats.length} chats, ${demo.messages.length} messages.`,
);
