import { describe, expect, it } from "vitest";
import { createSignedInUser, fetchPath, fetchWithEnv } from "./helpers";

/** The visible text of a page's HTML (tags and scripts dropped), to check what a person reads. */
function textOf(html: string) {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("landing page promises", () => {
  it("offers Google sign-up only where Google is configured", async () => {
    const withGoogle = textOf(await (await fetchPath("/")).text());
    expect(withGoogle).toContain("Sign up with your email or Google account");
    // Rendered with the changed variables, not a copy from the edge cache (ADR 062).
    const fresh = { headers: { "Cache-Control": "no-cache" } };
    const withoutGoogle = textOf(await (await fetchWithEnv("/", { GOOGLE_CLIENT_ID: "" }, fresh)).text());
    expect(withoutGoogle).toContain("Sign up with your email and confirm");
    expect(withoutGoogle).not.toMatch(/google/i);
    const referrers = textOf(await (await fetchWithEnv("/?audience=referrer", { GOOGLE_CLIENT_ID: "" }, fresh)).text());
    expect(referrers).not.toMatch(/google/i);
  });

  it("shows the footer's social link by default (wrangler.toml [vars])", async () => {
    const html = await (await fetchPath("/")).text();
    expect(html).toMatch(/<a href="https:\/\/[^"]+"[^>]*target="_blank"[^>]*>[\s\S]{0,1500}?Follow us/);
  });

  it("has no fake Apply button in the hero", async () => {
    const html = await (await fetchPath("/")).text();
    const hero = html.slice(
      html.indexOf('id="hero-heading"'),
      html.indexOf("</section>", html.indexOf('id="hero-heading"')),
    );
    expect(textOf(hero)).not.toMatch(/\bApply\b/);
  });

  it("gives visitors a Join button beside Sign in", async () => {
    const header = (await (await fetchPath("/terms")).text()).match(/<header[\s\S]*?<\/header>/)?.[0] ?? "";
    expect(header).toMatch(/href="\/auth\?tab=register"[^>]*>Join</);
    expect(header).toMatch(/href="\/auth"[^>]*>Sign in</);
  });
});

describe("the 404 page", () => {
  it("answers 404 with links to go on, for visitors and for members", async () => {
    const visitor = await fetchPath("/no-such-page");
    expect(visitor.status).toBe(404);
    const visitorText = textOf(await visitor.text());
    expect(visitorText).toContain("Page not found");
    expect(visitorText).toContain("Try one of these instead");
    expect(visitorText).toContain("Join Cardshare");

    const { cookie } = await createSignedInUser();
    const member = await fetchPath("/no-such-page", { headers: { Cookie: cookie } });
    expect(member.status).toBe(404);
    const html = await member.text();
    for (const href of ["/apply", "/refer", "/dashboard", "/chat"]) {
      expect(html.slice(html.indexOf("Try one of these instead"))).toContain(`href="${href}"`);
    }
  });
});

describe("empty states with a next step", () => {
  it("a member's first /refer says there are no referrals yet and how to publish one", async () => {
    const { cookie } = await createSignedInUser();
    const text = textOf(await (await fetchPath("/refer", { headers: { Cookie: cookie } })).text());
    expect(text).toContain("No credit card referrals found.");
    expect(text).toContain("Publish your first one with the steps above");
    const dashboard = await (await fetchPath("/dashboard/my-referrals", { headers: { Cookie: cookie } })).text();
    expect(dashboard).toMatch(/href="\/refer"[^>]*>Share a referral</);
  });
});
