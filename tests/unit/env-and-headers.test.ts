import { describe, expect, it } from "vitest";
import { environmentForRequest, EnvError, isLoopbackHost, parseEnv } from "~/utils/env.server";
import { contentSecurityPolicy, withSecurityHeaders } from "~/utils/security-headers.server";

const valid = {
  ENVIRONMENT: "development",
  APP_ORIGIN: "http://localhost:8787",
  SESSION_SECRET: "a-secret-of-enough-length",
  SUPPORT_EMAIL: "support@cardshare.local",
  GOOGLE_CLIENT_ID: "",
};

describe("parseEnv", () => {
  it("accepts a complete environment and treats blank optional values as absent", () => {
    const env = parseEnv(valid);
    expect(env.ENVIRONMENT).toBe("development");
    expect(env.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(env.RATE_LIMIT_MULTIPLIER).toBe(1);
  });

  it("names every missing or invalid variable", () => {
    const { SESSION_SECRET: _secret, ...missing } = valid;
    expect(() => parseEnv({ ...missing, SUPPORT_EMAIL: "nope" })).toThrow(EnvError);
    expect(() => parseEnv({ ...missing, SUPPORT_EMAIL: "nope" })).toThrow(
      /SESSION_SECRET[\s\S]*SUPPORT_EMAIL|SUPPORT_EMAIL[\s\S]*SESSION_SECRET/,
    );
  });

  it("defaults to production when ENVIRONMENT is not set", () => {
    const { ENVIRONMENT: _environment, ...rest } = valid;
    expect(parseEnv(rest).ENVIRONMENT).toBe("production");
  });
});

describe("development mode needs a loopback host", () => {
  it.each(["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "127.1.2.3", "[::1]", "::1"])(
    "%s is loopback",
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each(["cardshare.example", "localhost.evil.example", "127.0.0.1.evil.example", "10.0.0.1", "[::2]", "0.0.0.0"])(
    "%s is not",
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );

  it("runs a development Worker as production for any other host, and leaves production alone", () => {
    const development = { ...valid, DB: {} };
    expect(environmentForRequest(development, "http://localhost:8787/dev/mail")).toBe(development);
    expect(environmentForRequest(development, "https://cardshare.example/dev/mail")).toEqual({
      ...development,
      ENVIRONMENT: "production",
    });
    const production = { ...valid, ENVIRONMENT: "production" };
    expect(environmentForRequest(production, "http://localhost:8787/")).toBe(production);
  });
});

describe("security headers", () => {
  it("builds a policy with the nonce, our own socket origin and no framing", () => {
    const csp = contentSecurityPolicy("abc123", "https://cardshare.example/apply");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("connect-src 'self' wss://cardshare.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("adds headers to HTML responses only", () => {
    const html = withSecurityHeaders(
      new Response("<p>hi</p>", { headers: { "Content-Type": "text/html" } }),
      "n",
      "http://localhost/",
    );
    expect(html.headers.get("Content-Security-Policy")).toContain("'nonce-n'");
    expect(html.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const json = withSecurityHeaders(Response.json({ ok: true }), "n", "http://localhost/");
    expect(json.headers.get("Content-Security-Policy")).toBeNull();
  });
});
