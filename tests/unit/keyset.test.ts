import { describe, expect, it } from "vitest";
import {
  createdKeyOf,
  decodeCreatedCursor,
  decodeCursor,
  encodeCursor,
  pageLimit,
  toPage,
} from "~/utils/keyset.server";

describe("keyset cursors", () => {
  it("round-trip a sort key through a URL-safe string", () => {
    const cursor = encodeCursor([1.5e-7, "abc/+=", 42]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ["number", "string", "number"] as const)).toEqual([1.5e-7, "abc/+=", 42]);
  });

  it("decode a missing, malformed or tampered cursor to null (the caller starts at the first page)", () => {
    const shape = ["number", "string"] as const;
    for (const bad of [null, undefined, "", "not base64!", btoa("{}"), btoa('[1,"a",2]'), btoa('["1","a"]')]) {
      expect(decodeCursor(bad, shape)).toBeNull();
    }
    expect(decodeCursor(encodeCursor([1, "a"]).padEnd(2000, "A"), shape)).toBeNull();
    expect(decodeCreatedCursor("1700000000000_abc")).toBeNull();
    // Finite, but beyond what a Date holds: an Invalid Date would bind NaN into the query.
    expect(decodeCreatedCursor(encodeCursor([1e16, "x"]))).toBeNull();
    expect(decodeCreatedCursor(encodeCursor([8.64e15, "x"]))).toEqual({ createdAt: new Date(8.64e15), id: "x" });
  });

  it("page the limit + 1 rows a query fetched, with the (createdAt, id) key of the last row shown", () => {
    const rows = [3, 2, 1].map((n) => ({ id: `r${n}`, createdAt: new Date(n * 1000) }));
    const page = toPage(rows, 2, createdKeyOf);
    expect(page.items.map((row) => row.id)).toEqual(["r3", "r2"]);
    expect(decodeCreatedCursor(page.nextCursor)).toEqual({ createdAt: new Date(2000), id: "r2" });
    expect(toPage(rows, 3, createdKeyOf).nextCursor).toBeNull();
  });

  it("read a page size from a query string within bounds", () => {
    expect([pageLimit("10"), pageLimit("0"), pageLimit("x"), pageLimit("999", 200)]).toEqual([10, 50, 50, 200]);
  });
});
