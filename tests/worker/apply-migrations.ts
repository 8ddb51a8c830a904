import { applyD1Migrations, env } from "cloudflare:test";

// The real migrations, applied once per test file's database.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
