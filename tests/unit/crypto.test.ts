import { describe, expect, it } from "vitest";
import { createId } from "../../db/id";
import { hashPassword, needsRehash, PBKDF2_ITERATIONS, verifyPassword } from "~/modules/auth/password.server";
import { createToken, hashToken } from "~/utils/crypto.server";

describe("createId", () => {
  it("makes distinct 20-character base36 ids", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => createId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-z]{20}$/);
  });
});

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse 9");
    expect(stored.startsWith(`pbkdf2-sha256$${PBKDF2_ITERATIONS}$`)).toBe(true);
    expect(await verifyPassword("correct horse 9", stored)).toBe(true);
    expect(await verifyPassword("correct horse 8", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password 1")).not.toBe(await hashPassword("same password 1"));
  });

  it("refuses malformed stored values instead of throwing, and flags weaker hashes for an upgrade", async () => {
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
    expect(await verifyPassword("x", "pbkdf2-sha256$0$$")).toBe(false);
    const weak = await hashPassword("older password 1", 1000);
    expect(await verifyPassword("older password 1", weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("newer password 1"))).toBe(false);
  });
});

describe("tokens", () => {
  it("are URL-safe, unique and hashed to 64 hex characters", async () => {
    const token = createToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createToken()).not.toBe(token);
    expect(await hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashToken(token)).toBe(await hashToken(token));
  });
});
