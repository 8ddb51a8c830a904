import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../db/factories";
import { users } from "../../db/schema";
import { isUniqueViolation } from "~/utils/db-errors.server";
import { createUser, testDb } from "./helpers";

/** The error a failed write throws, for the assertions. */
async function failure(write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error("the write did not fail");
}

describe("isUniqueViolation", () => {
  it("recognises D1's unique-index failure however it is wrapped (drizzle, batch, raw D1)", async () => {
    const taken = await createUser();
    const twin = { ...makeUser(), email: taken.email };
    expect(isUniqueViolation(await failure(() => testDb().insert(users).values(twin)))).toBe(true);
    expect(
      isUniqueViolation(
        await failure(() =>
          testDb().batch([
            testDb()
              .insert(users)
              .values({ ...twin, id: `${twin.id}b` }),
          ]),
        ),
      ),
    ).toBe(true);
    expect(
      isUniqueViolation(
        await failure(() =>
          env.DB.prepare("INSERT INTO users (id, username, email, created_at, updated_at) VALUES (?, ?, ?, 0, 0)")
            .bind(taken.id, "x", "x")
            .run(),
        ),
      ),
    ).toBe(true);
  });

  it("is false for other failures and for values that are not errors", async () => {
    const missingColumn = await failure(() => env.DB.prepare("SELECT no_such_column FROM users").all());
    expect(isUniqueViolation(missingColumn)).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation("boom")).toBe(false);
    const cycle = new Error("outer");
    (cycle as { cause?: unknown }).cause = cycle;
    expect(isUniqueViolation(cycle)).toBe(false);
    expect(isUniqueViolation(new Error("outer", { cause: new Error("UNIQUE constraint failed: users.email") }))).toBe(
      true,
    );
  });
});
