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
    expect(environmentForRequest(development, new URL("http://localhost:8787/dev/mail"))).toBe(development);
    expect(environmentForRequest(development, new URL("https://cardshare.example/dev/mail"))).toEqual({
      ...development,
      ENVIRONMENT: "production",
    });
    const production = { ...valid, ENVIRONMENT: "production" };
    expect(environmentForRequest(production, new URL("http://localhost:8787/"))).toBe(production);
  });
});

describe("security headers", () => {
  it("builds a policy with the nonce, our own socket origin and no framing", () => {
    const csp = contentSecurityPolicy("abc123", new URL("https://cardshare.example/apply"));
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("connect-src 'self' wss://cardshare.example");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  const visitor = { nonce: "n", url: new URL("http://localhost/"), signedIn: false };

  it("adds the page policies to HTML only, and nosniff to everything", () => {
    const html = withSecurityHeaders(new Response("<p>hi</p>", { headers: { "Content-Type": "text/html" } }), visitor);
    expect(html.headers.get("Content-Security-Policy")).toContain("'nonce-n'");
    expect(html.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const json = withSecurityHeaders(Response.json({ ok: true }), visitor);
    expect(json.headers.get("Content-Security-Policy")).toBeNull();
    expect(json.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("forbids caching API answers and anything answered to a signed-in request", () => {
    const page = () => new Response("<p>hi</p>", { headers: { "Content-Type": "text/html" } });
    expect(withSecurityHeaders(page(), visitor).headers.get("Cache-Control")).toBeNull();
    expect(withSecurityHeaders(page(), { ...visitor, signedIn: true }).headers.get("Cache-Control")).toBe("no-store");
    const data = new Response("[]", { headers: { "Content-Type": "text/x-script" } });
    expect(withSecurityHeaders(data, { ...visitor, signedIn: true }).headers.get("Cache-Control")).toBe("no-store");
    const api = new Response("ok", { headers: { "Cache-Control": "max-age=60" } });
    const apiUrl = { ...visitor, url: new URL("http://localhost/api/health") };
    expect(withSecurityHeaders(api, apiUrl).headers.get("Cache-Control")).toBe("no-store");
    expect(withSecurityHeaders(Response.json({}), visitor).headers.get("Cache-Control")).toBe("no-store");
  });

  it("on https only: HSTS, and Secure on every cookie", () => {
    const withCookies = () => {
      const headers = new Headers();
      headers.append("Set-Cookie", "__toast=abc; Path=/; HttpOnly; SameSite=Lax");
      headers.append("Set-Cookie", "cs_rotation=2; Max-Age=900; Path=/apply; HttpOnly; SameSite=Lax");
      headers.append("Set-Cookie", "__session=t; Path=/; HttpOnly; SameSite=Lax; Secure");
      return new Response(null, { status: 302, headers });
    };
    const https = withSecurityHeaders(withCookies(), { ...visitor, url: new URL("https://cardshare.example/apply") });
    expect(https.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    expect(https.headers.getSetCookie()).toEqual([
      "__toast=abc; Path=/; HttpOnly; SameSite=Lax; Secure",
      "cs_rotation=2; Max-Age=900; Path=/apply; HttpOnly; SameSite=Lax; Secure",
      "__session=t; Path=/; HttpOnly; SameSite=Lax; Secure",
    ]);
    const http = withSecurityHeaders(withCookies(), visitor);
    expect(http.headers.get("Strict-Transport-Security")).toBeNull();
    expect(http.headers.getSetCookie()[0]).toBe("__toast=abc; Path=/; HttpOnly; SameSite=Lax");
  });

  it("leaves a WebSocket upgrade alone", () => {
    const upgrade = { status: 101, headers: new Headers() } as Response;
    expect(withSecurityHeaders(upgrade, visitor)).toBe(upgrade);
  });
});
