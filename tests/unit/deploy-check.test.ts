import { unstable_readConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { deployProblems } from "../../scripts/lib/deploy-check";

const LIVE = { ENVIRONMENT: "production", APP_ORIGIN: "https://cardshare.example" };

describe("npm run deploy's check (scripts/check-deploy.ts)", () => {
  it("passes production settings, and an unset ENVIRONMENT (production is the default)", () => {
    expect(deployProblems(LIVE)).toEqual([]);
    expect(deployProblems({ APP_ORIGIN: LIVE.APP_ORIGIN })).toEqual([]);
  });

  it("refuses development mode", () => {
    expect(deployProblems({ ...LIVE, ENVIRONMENT: "development" })).toEqual([
      expect.stringContaining('ENVIRONMENT is "development"'),
    ]);
  });

  it.each([undefined, "", "not a url", "http://cardshare.example", "https://localhost:8787", "https://127.0.0.1"])(
    "refuses APP_ORIGIN %j",
    (origin) => {
      expect(deployProblems({ ENVIRONMENT: "production", APP_ORIGIN: origin })).toEqual([
        expect.stringContaining("APP_ORIGIN"),
      ]);
    },
  );

  it("keeps development settings out of the committed wrangler.toml: they live in .dev.vars", () => {
    const { vars } = unstable_readConfig({ config: "wrangler.toml" });
    expect(vars.ENVIRONMENT).toBe("production");
    // Until APP_ORIGIN names the live site, the check refuses to deploy the committed file.
    expect(deployProblems(vars)).toEqual([expect.stringContaining("APP_ORIGIN")]);
  });
});
