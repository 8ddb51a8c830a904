import { env } from "cloudflare:test";

/**
 * The test database, except that every statement whose SQL matches `fails` fails when it runs, as
 * D1 does in an outage (for the pages' texts for failures without a message). Pass it to
 * fetchWithEnv as `DB`.
 */
export function failingDb(fails: RegExp): D1Database {
  const db = env.DB;
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => target.prepare(fails.test(query) ? "SELECT * FROM simulated_outage" : query);
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
