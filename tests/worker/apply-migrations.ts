import { applyD1Migrations, env } from "cloudflare:test";

// The real migrations, applied once per test file's database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The fixture issuer of makeCard (db/factories.ts) lists the hosts the tests' links use, as a real
// issuer lists its own (docs/decisions/155): a test about something else sees its referral live.
await env.DB.prepare(
  `INSERT OR IGNORE INTO issuer_domains (id, issuer, domain, created_at)
   VALUES ('fixture-refer', 'Test Bank', 'refer.example', 0), ('fixture-bank', 'Test Bank', 'bank.example', 0),
          ('fixture-r', 'Test Bank', 'r.example', 0)`,
).run();
