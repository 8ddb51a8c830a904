import { describe, expect, it } from "vitest";
import { describeError } from "~/components/layout/error-boundary";

const routeError = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("describeError", () => {
  it("gives each status its own page", () => {
    expect(describeError(routeError(404, "")).title).toBe("Page not found");
    expect(describeError(routeError(403, "")).title).toBe("Access denied");
    expect(describeError(routeError(500, "")).title).toBe("Something went wrong");
  });

  it("shows a thrown 4xx message but never the text of a 5xx or of an unexpected error", () => {
    expect(describeError(routeError(403, "Only the owner can do that.")).body).toBe("Only the owner can do that.");
    expect(describeError(routeError(500, "SQLITE_ERROR: no such table")).body).not.toContain("SQLITE");
    const unexpected = describeError(new Error("secret stack detail"));
    expect(unexpected.status).toBe(500);
    expect(unexpected.body).not.toContain("secret");
  });

  it("shows a route's own words for its failure, at any status", () => {
    expect(describeError(routeError(500, { message: "Failed to load credit cards" })).body).toBe(
      "Failed to load credit cards",
    );
  });
});
