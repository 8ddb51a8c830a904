import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADMIN_ONLY_MESSAGE, requireAdmin, requireAnonymous, requireUser } from "~/http/auth.server";
import { redirectWithToast } from "~/http/toast.server";
import { createSignedInUser, fetchPath, ORIGIN } from "./helpers";

const context = () => ({ cloudflare: { env } }) as unknown as AppLoadContext;
const request = (path: string, cookie?: string) =>
  new Request(new URL(path, ORIGIN), { headers: cookie ? { Cookie: cookie } : {} });

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("route-table helpers", () => {
  it("requireUser sends visitors to /auth with the page to come back to", async () => {
    const response = await thrown(requireUser(request("/apply?minCredit=700"), context()));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fapply%3FminCredit%3D700");
    const { user, cookie } = await createSignedInUser();
    expect((await requireUser(request("/apply", cookie), context())).id).toBe(user.id);
  });

  it("requireAnonymous sends signed-in users to /", async () => {
    const { cookie } = await createSignedInUser();
    expect((await thrown(requireAnonymous(request("/auth", cookie), context()))).headers.get("Location")).toBe("/");
    await expect(requireAnonymous(request("/auth"), context())).resolves.toBeUndefined();
  });

  it("requireAdmin sends members to / with the spec's toast, and lets admins through", async () => {
    const member = await createSignedInUser();
    const response = await thrown(requireAdmin(request("/admin", member.cookie), context()));
    expect(response.headers.get("Location")).toBe("/");
    const toastCookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const page = await (await fetchPath("/terms", { headers: { Cookie: `${member.cookie}; ${toastCookie}` } })).text();
    expect(page).toContain(ADMIN_ONLY_MESSAGE);

    const admin = await createSignedInUser({ isAdmin: true });
    expect((await requireAdmin(request("/admin", admin.cookie), context())).isAdmin).toBe(true);
  });
});

describe("flash toasts", () => {
  it("travel in a signed cookie to the next page, which clears it", async () => {
    const response = await redirectWithToast(context(), "/terms", { type: "success", description: "Saved <b>ok</b>" });
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0];
    const page = await fetchPath("/terms", { headers: { Cookie: cookie } });
    const html = await page.text();
    // Rendered as text, never as markup.
    expect(html).toContain("Saved &lt;b&gt;ok&lt;/b&gt;");
    expect(page.headers.get("Set-Cookie")).toMatch(/__toast=;.*Max-Age=0/);
  });

  it("ignore a toast cookie that was not signed by us", async () => {
    const forged = `__toast=${btoa(JSON.stringify({ id: "x", type: "error", description: "Forged message" }))}`;
    expect(await (await fetchPath("/terms", { headers: { Cookie: forged } })).text()).not.toContain("Forged message");
  });
});
