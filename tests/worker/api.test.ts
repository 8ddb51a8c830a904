import { describe, expect, it } from "vitest";
import { fetchPath } from "./helpers";

describe("/api", () => {
  it("reports health in the success envelope after touching D1", async () => {
    const response = await fetchPath("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ success: true, status: "ok", database: "ok" });
  });

  it("answers unknown endpoints with the failure envelope and the spec's 404 text", async () => {
    for (const method of ["GET", "POST"]) {
      const response = await fetchPath("/api/referrals/nothing-here", { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        success: false,
        message: "Endpoint /api/referrals/nothing-here not found. Please check API URL.",
      });
    }
  });
});
