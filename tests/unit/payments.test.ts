import { describe, expect, it } from "vitest";
import { formatMinorAmount } from "~/modules/payments/format";
import { TipAmountSchema, tipAmountFromQuery } from "~/modules/payments/schemas";
import { tipsMode, webhookSecret } from "~/modules/payments/stripe.server";
import { parseEnv } from "~/utils/env.server";

const baseEnv = {
  APP_ORIGIN: "https://cardshare.example",
  SESSION_SECRET: "a-secret-of-at-least-16",
  SUPPORT_EMAIL: "help@cardshare.example",
};

describe("tipsMode", () => {
  it("uses Stripe with a key, the local test checkout in development without one, nothing in production", () => {
    expect(tipsMode(parseEnv({ ...baseEnv, ENVIRONMENT: "production", STRIPE_SECRET_KEY: "sk_live_x" }))).toBe(
      "stripe",
    );
    expect(tipsMode(parseEnv({ ...baseEnv, ENVIRONMENT: "development", STRIPE_SECRET_KEY: "" }))).toBe("test");
    expect(tipsMode(parseEnv({ ...baseEnv, ENVIRONMENT: "production", STRIPE_SECRET_KEY: "" }))).toBe("off");
  });

  it("derives a webhook secret only for the local test checkout", async () => {
    const development = parseEnv({ ...baseEnv, ENVIRONMENT: "development" });
    expect(await webhookSecret(development)).toMatch(/^whsec_local_[0-9a-f]{64}$/);
    expect(await webhookSecret(parseEnv({ ...baseEnv, ENVIRONMENT: "production" }))).toBeNull();
    expect(
      await webhookSecret(parseEnv({ ...baseEnv, STRIPE_SECRET_KEY: "sk_x", STRIPE_WEBHOOK_SECRET: "whsec_1" })),
    ).toBe("whsec_1");
  });

  it("reads the fake's host, port and protocol, empty values meaning Stripe's defaults", () => {
    const pointed = parseEnv({
      ...baseEnv,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: "8842",
      STRIPE_API_PROTOCOL: "http",
    });
    expect(pointed).toMatchObject({ STRIPE_API_HOST: "127.0.0.1", STRIPE_API_PORT: 8842, STRIPE_API_PROTOCOL: "http" });
    const empty = parseEnv({ ...baseEnv, STRIPE_API_HOST: "", STRIPE_API_PORT: "", STRIPE_API_PROTOCOL: "" });
    expect(empty).toMatchObject({
      STRIPE_API_HOST: undefined,
      STRIPE_API_PORT: undefined,
      STRIPE_API_PROTOCOL: undefined,
    });
  });
});

describe("tip amounts", () => {
  it("accepts $1, $3 and $5 only", () => {
    expect([1, 3, 5, "3"].map((value) => TipAmountSchema.safeParse(value).success)).toEqual([true, true, true, true]);
    expect([0, 2, 4, 3.5, -1, "", "x", null].map((value) => TipAmountSchema.safeParse(value).success)).toEqual(
      Array(8).fill(false),
    );
    expect(tipAmountFromQuery("5")).toBe(5);
    expect(tipAmountFromQuery("500")).toBeNull();
    expect(tipAmountFromQuery(null)).toBeNull();
  });

  it("formats Stripe's minor units", () => {
    expect(formatMinorAmount(300, "usd")).toBe("$3");
    expect(formatMinorAmount(350, "usd")).toBe("$3.50");
    expect(formatMinorAmount(123400, "usd")).toBe("$1,234");
  });
});
