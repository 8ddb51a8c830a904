/** Anonymous pages from the Workers Cache (docs/decisions/062-edge-cache.md). */
import { describe, expect, it } from "vitest";
import { EDGE_CACHE_HEADER } from "~/http/edge-cache.server";
import { SESSION_COOKIE } from "~/modules/auth/session.server";
import { createSignedInUser, fetchWithEnv } from "./helpers";

/** A landing URL no other test has asked for, so this test sees its own miss first. */
const freshLanding = () => `/?audience=edge-${crypto.randomUUID()}`;

/** The nonce the CSP allows and every nonce attribute in the page's HTML. */
async function nonces(response: Response) {
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  const allowed = csp.match(/'nonce-([^']+)'/)?.[1];
  const html = await response.text();
  const inPage = [...html.matchAll(/\snonce="([^"]*)"/g)].map((match) => match[1]);
  return { allowed, inPage, html };
}

describe("anonymous pages from the edge cache", () => {
  it("serves a visitor's second request from the cache with a nonce of its own", async () => {
    const path = freshLanding();
    const first = await fetchWithEnv(path, {});
    expect(first.status).toBe(200);
    expect(first.headers.get(EDGE_CACHE_HEADER)).toBe("miss");
    const firstNonces = await nonces(first);

    const second = await fetchWithEnv(path, {});
    expect(second.status).toBe(200);
    expect(second.headers.get(EDGE_CACHE_HEADER)).toBe("hit");
    const secondNonces = await nonces(second);

    expect(secondNonces.inPage.length).toBeGreaterThan(0);
    expect(secondNonces.allowed).toBeTruthy();
    expect(secondNonces.allowed).not.toBe(firstNonces.allowed);
    expect(new Set(secondNonces.inPage)).toEqual(new Set([secondNonces.allowed]));
    expect(secondNonces.html).not.toContain(firstNonces.allowed!);
    // Same page otherwise.
    expect(secondNonces.html.replaceAll(secondNonces.allowed!, "N")).toBe(
      firstNonces.html.replaceAll(firstNonces.allowed!, "N"),
    );
    // The security headers are the live ones, and no cookie or cache directive leaks from the copy.
    expect(second.headers.get("X-Frame-Options")).toBe("DENY");
    expect(second.headers.get("Set-Cookie")).toBeNull();
    expect(second.headers.get("Cache-Control")).toBeNull();
  });

  it("keeps one copy per page whatever the order of the parameters, and skips unknown ones", async () => {
    const marker = `edge-${crypto.randomUUID()}`;
    await fetchWithEnv(`/?audience=${marker}`, {});
    const again = await fetchWithEnv(`/?audience=${marker}`, {});
    expect(again.headers.get(EDGE_CACHE_HEADER)).toBe("hit");

    const withUnknown = await fetchWithEnv(`/?audience=${marker}&utm_source=x`, {});
    expect(withUnknown.status).toBe(200);
    expect(withUnknown.headers.get(EDGE_CACHE_HEADER)).toBeNull();
  });

  it("never answers a signed-in request from the cache, nor stores what it renders for one", async () => {
    const { cookie, token } = await createSignedInUser();
    // A visitor fills the cache for /terms first.
    await fetchWithEnv("/terms", {});
    expect((await fetchWithEnv("/terms", {})).headers.get(EDGE_CACHE_HEADER)).toBe("hit");

    const personal: Record<string, string>[] = [{ Cookie: cookie }, { Authorization: `Bearer ${token}` }];
    for (const headers of personal) {
      const response = await fetchWithEnv("/terms", {}, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get(EDGE_CACHE_HEADER)).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    // Even an expired or forged session cookie is rendered, not shared.
    const forged = await fetchWithEnv(
      "/terms",
      {},
      { headers: { Cookie: `${SESSION_COOKIE}=not-a-real-session-token-123` } },
    );
    expect(forged.headers.get(EDGE_CACHE_HEADER)).toBeNull();
  });

  it("renders a page that carries a flash toast for the visitor instead of sharing it", async () => {
    const path = freshLanding();
    const response = await fetchWithEnv(path, {}, { headers: { Cookie: "__toast=abc" } });
    expect(response.status).toBe(200);
    expect(response.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    // Nothing was stored for it either: the next visitor's request is a miss.
    expect((await fetchWithEnv(path, {})).headers.get(EDGE_CACHE_HEADER)).toBe("miss");
  });

  it("renders a page afresh, and stores nothing, when the request asks for no cached copy", async () => {
    const path = freshLanding();
    await fetchWithEnv(path, {});
    const reload = await fetchWithEnv(path, {}, { headers: { "Cache-Control": "no-cache" } });
    expect(reload.status).toBe(200);
    expect(reload.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    expect((await fetchWithEnv(path, {})).headers.get(EDGE_CACHE_HEADER)).toBe("hit");
  });

  it("caches only public pages, and no request but GET", async () => {
    const apply = await fetchWithEnv("/apply", {});
    expect(apply.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    const health = await fetchWithEnv("/api/health", {});
    expect(health.headers.get(EDGE_CACHE_HEADER)).toBeNull();
  });
});
