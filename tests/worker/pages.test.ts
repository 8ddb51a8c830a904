import { describe, expect, it, vi } from "vitest";
import { createSignedInUser, fetchPath } from "./helpers";

describe("HTML routes through the Worker entry", () => {
  it("serves the landing page to visitors with the security headers", async () => {
    const response = await fetchPath("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");

    const html = await response.text();
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    // Every inline script carries this response's nonce, so the policy does not block hydration.
    const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).toContain("75,000");
    expect(html).toContain("Sign in");
  });

  it("redirects signed-in users from the landing page to /refer", async () => {
    const { cookie } = await createSignedInUser();
    const response = await fetchPath("/", { headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/refer");
  });

  it("renders the how-it-works steps for the audience in the query, without JavaScript", async () => {
    const applicant = await (await fetchPath("/?audience=applicant")).text();
    const referrer = await (await fetchPath("/?audience=referrer")).text();
    expect(applicant).not.toEqual(referrer);
    expect(referrer).toMatch(/aria-current="(page|true)"[^>]*>\s*Referrer|Referrer[\s\S]{0,40}aria-current/);
  });

  it("shows the signed-in header menu with Sign out, and Admin only for admins", async () => {
    const member = await createSignedInUser({ firstName: "Mia" });
    const memberPage = await (await fetchPath("/terms", { headers: { Cookie: member.cookie } })).text();
    expect(memberPage).toContain("Sign out");
    expect(memberPage).toContain(`/profile/${member.user.id}`);
    expect(memberPage).not.toContain('href="/admin"');

    const admin = await createSignedInUser({ isAdmin: true });
    const adminPage = await (await fetchPath("/terms", { headers: { Cookie: admin.cookie } })).text();
    expect(adminPage).toContain('href="/admin"');
  });

  it("answers unknown pages with a 404 page", async () => {
    const response = await fetchPath("/no-such-page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found");
  });

  it("serves the terms and privacy pages", async () => {
    expect((await fetchPath("/terms")).status).toBe(200);
    expect(await (await fetchPath("/privacy")).text()).toContain("Privacy Policy");
  });

  it("answers a post to a page without a form with 405 and Allow, logging nothing", async () => {
    const logged = vi.spyOn(console, "error");
    const { cookie } = await createSignedInUser({ isAdmin: true });
    const form = () => new URLSearchParams({ intent: "x" });
    // A page, its data request, a layout (a post without ?index goes to it), a loader without a
    // page (/dashboard only redirects) and the 404 page.
    for (const path of [
      "/?index",
      "/_root.data?index",
      "/admin",
      "/admin/tips",
      "/dashboard?index",
      "/dashboard.data",
      "/x/y",
    ]) {
      const response = await fetchPath(path, { method: "POST", headers: { Cookie: cookie }, body: form() });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow"), path).toBe("GET, HEAD");
      expect(await response.text(), path).not.toContain("did not provide an `action`");
    }
    // OPTIONS (only JSON routes and form resources answer it) names POST where the page has a form.
    const options = await fetchPath("/chat", { method: "OPTIONS", headers: { Cookie: cookie } });
    expect(options.status).toBe(405);
    expect(options.headers.get("Allow")).toBe("GET, HEAD, POST");
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe("headers on every answer", () => {
  const HTTPS = "https://cardshare.example";

  it("JSON gets nosniff and no-store too; https gets HSTS, plain-http localhost does not", async () => {
    const secure = await fetchPath(`${HTTPS}/api/health`);
    expect(secure.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(secure.headers.get("Cache-Control")).toBe("no-store");
    expect(secure.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    const local = await fetchPath("/api/health");
    expect(local.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(local.headers.get("Strict-Transport-Security")).toBeNull();
    const refused = await fetchPath("/api/users/me");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
  });

  it("signed-in pages and their data requests are no-store; a visitor's public page is not", async () => {
    const { cookie } = await createSignedInUser();
    for (const path of ["/dashboard/personal-info", "/dashboard/personal-info.data", "/terms"]) {
      const response = await fetchPath(path, { headers: { Cookie: cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    expect((await fetchPath("/terms")).headers.get("Cache-Control")).toBeNull();
  });

  it("every cookie carries Secure over https: __toast and cs_rotation included", async () => {
    const { cookie } = await createSignedInUser();
    const apply = await fetchPath(`${HTTPS}/apply`, { headers: { Cookie: cookie } });
    const rotation = apply.headers.getSetCookie().find((value) => value.startsWith("cs_rotation="));
    expect(rotation).toMatch(/; Secure$/);
    const denied = await fetchPath(`${HTTPS}/admin`, { headers: { Cookie: cookie } });
    const toast = denied.headers.getSetCookie().find((value) => value.startsWith("__toast="));
    expect(toast).toMatch(/; Secure$/);
    const local = await fetchPath("/apply", { headers: { Cookie: cookie } });
    expect(local.headers.getSetCookie().find((value) => value.startsWith("cs_rotation="))).not.toMatch(/Secure/);
  });
});
