import { env } from "cloudflare:test";

/**
 * The test database, except that every statement whose SQL matches `fails` fails when it runs, as
 * D1 does in an outage (for the pages' texts for failures without a message). Pass it to
 * fetchWithEnv as `DB`. Requests query through a D1 session (ADR 008), so the sessions it opens
 * fail the same way.
 */
export function failingDb(fails: RegExp): D1Database {
  return failing(env.DB, fails);
}

function failing<T extends D1Database | D1DatabaseSession>(target: T, fails: RegExp): T {
  return new Proxy(target, {
    get(inner, property) {
      if (property === "prepare") {
        return (query: string) => inner.prepare(fails.test(query) ? "SELECT * FROM simulated_outage" : query);
      }
      if (property === "withSession") {
        return (start?: string) => failing((inner as D1Database).withSession(start), fails);
      }
      const value = Reflect.get(inner, property);
      return typeof value === "function" ? value.bind(inner) : value;
    },
  });
}
