import { describe, expect, it } from "vitest";
import { makeUser } from "../../db/factories";
import { users } from "../../db/schema";
import { insertStatements } from "../../db/seed/sql";

describe("insertStatements", () => {
  it("maps properties to column names and writes dates, booleans, nulls and quotes as SQL literals", () => {
    const user = makeUser({ bio: "It's me", isAdmin: true, profileImage: null, createdAt: new Date(1700000000000) });
    const [statement] = insertStatements(users, [user]);
    expect(statement).toMatch(/^INSERT INTO "users" \(/);
    expect(statement).toContain('"first_name"');
    expect(statement).toContain("'It''s me'");
    expect(statement).toContain("1700000000000");
    expect(statement).toContain("NULL");
  });

  it("splits many rows into chunks", () => {
    const rows = Array.from({ length: 250 }, () => makeUser());
    expect(insertStatements(users, rows, 100)).toHaveLength(3);
    expect(insertStatements(users, [])).toEqual([]);
  });
});

describe("insertStatements defaults", () => {
  it("writes a column's default where a row leaves the column out", () => {
    const withPrivacy = makeUser({ showFullName: false });
    const withoutPrivacy = makeUser();
    const [statement] = insertStatements(users, [withPrivacy, withoutPrivacy]);
    const rows = statement.split("\n").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1]).not.toContain("NULL, NULL, NULL, NULL");
  });
});
