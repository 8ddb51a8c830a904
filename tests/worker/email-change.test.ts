import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { registerAndLogin } from "./account-helpers";
import { createSignedInUser, fetchPath, latestEmailTo, newAccount, ORIGIN, postJson, testDb } from "./helpers";
import { connect, framesOf, waitFor } from "./socket-helpers";

const CONFIRM_SUBJECT = "Confirm your new email for Cardshare";
const NOTICE_SUBJECT = "Your Cardshare email is being changed";

function put(path: string, token: string, body: unknown) {
  return fetchPath(path, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

const login = (email: string, password: string) => postJson("/api/users/login", { email, password });
const tokenOf = (link: string | null | undefined) => new URL(link!).searchParams.get("token")!;
const accountRow = (id: string) => testDb().select().from(users).where(eq(users.id, id)).get();

/** A verified local account that asks to move to a new address (with its password). */
async function askForNewEmail() {
  const { account, token } = await registerAndLogin();
  const me = await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${token}` } });
  const id = ((await me.json()) as { data: { _id: string } }).data._id;
  const newEmail = `new-${account.email}`;
  const response = await put("/api/users/profile", token, {
    username: account.username,
    email: newEmail,
    currentPassword: account.password,
  });
  expect(response.status).toBe(200);
  return { account, token, id, newEmail, body: (await response.json()) as Record<string, unknown> };
}

/** Opens the notice's revert link as a browser: the page, then its button. */
async function revert(link: string) {
  const url = new URL(link);
  const page = await fetchPath(`${url.pathname}${url.search}`);
  const response = await fetchPath(url.pathname, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: new URL(ORIGIN).host },
    body: new URLSearchParams({ token: tokenOf(link) }).toString(),
  });
  return { page, response };
}

describe("changing the email needs the current password", () => {
  it("refuses a missing or wrong password with the field's message, changing and mailing nothing", async () => {
    const { account, token } = await registerAndLogin();
    const newEmail = `new-${account.email}`;
    const cases: [Record<string, string>, string][] = [
      [{}, "Current password is required"],
      [{ currentPassword: "not-the-passw0rd" }, "Current password is incorrect"],
    ];
    for (const [extra, message] of cases) {
      const response = await put("/api/users/profile", token, {
        username: account.username,
        email: newEmail,
        ...extra,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, errors: { currentPassword: message } });
    }
    const row = await testDb().select().from(users).where(eq(users.email, account.email)).get();
    expect(row?.pendingEmail).toBeNull();
    expect(await latestEmailTo(newEmail, undefined, 200)).toBeNull();
    expect(await latestEmailTo(account.email, NOTICE_SUBJECT, 200)).toBeNull();
  });

  it("does not ask for it when the email stays the same", async () => {
    const { account, token } = await registerAndLogin();
    const response = await put("/api/users/profile", token, {
      username: account.username,
      email: account.email,
      bio: "hi",
    });
    expect(response.status).toBe(200);
  });

  it("the Personal Info form asks for it and keeps it out of the page it answers", async () => {
    const { account, token } = await registerAndLogin();
    const form = (fields: Record<string, string>) =>
      fetchPath("/dashboard/personal-info", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: `__session=${token}`,
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
        },
        body: new URLSearchParams({ intent: "profile", username: account.username, ...fields }).toString(),
      });
    const page = await (
      await fetchPath("/dashboard/personal-info?edit=1", { headers: { Cookie: `__session=${token}` } })
    ).text();
    expect(page).toContain('name="currentPassword"');
    const wrong = await form({ email: `new-${account.email}`, currentPassword: "wrong-passw0rd" });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain("Current password is incorrect");
    expect(html).not.toContain("wrong-passw0rd");
    const right = await form({ email: `new-${account.email}`, currentPassword: account.password });
    expect(right.status).toBe(302);
    const landed = await (
      await fetchPath("/dashboard/personal-info", {
        headers: {
          Cookie: [`__session=${token}`, ...right.headers.getSetCookie().map((c) => c.split(";")[0])].join("; "),
        },
      })
    ).text();
    expect(landed).toContain(`We sent a confirmation link to new-${account.email}`);
    // The toast reads as two sentences.
    expect(landed).toContain(`Profile updated successfully. We sent a confirmation link to new-${account.email}`);
  });
});

describe("until the new address is confirmed", () => {
  it("the old address stays the sign-in address; the new one gets a link, the old one a notice", async () => {
    const { account, id, newEmail, body } = await askForNewEmail();
    expect(body).toMatchObject({
      emailChangePending: newEmail,
      data: { email: account.email, pendingEmail: newEmail },
    });
    expect((await login(account.email, account.password)).response.status).toBe(200);
    expect((await login(newEmail, account.password)).response.status).toBe(401);
    expect((await accountRow(id))?.email).toBe(account.email);

    const confirm = await latestEmailTo(newEmail, CONFIRM_SUBJECT);
    expect(confirm?.link).toContain("/auth/verify-email?token=");
    const notice = await latestEmailTo(account.email, NOTICE_SUBJECT);
    expect(notice?.text).toContain(newEmail);
    expect(notice?.link).toContain("/auth/revert-email?token=");
  });

  it("confirming moves the account to the new address and verifies it", async () => {
    const { account, token, id, newEmail } = await askForNewEmail();
    const confirm = await latestEmailTo(newEmail, CONFIRM_SUBJECT);
    const { response, body } = await postJson(
      "/api/users/verify-email",
      { token: tokenOf(confirm?.link) },
      { Authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(200);
    expect(body).toMatchObject({
      signedIn: true,
      message: "Your new email address is confirmed. Use it to sign in from now on.",
    });
    const row = await accountRow(id);
    expect(row).toMatchObject({ email: newEmail, pendingEmail: null });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect((await login(newEmail, account.password)).response.status).toBe(200);
    expect((await login(account.email, account.password)).response.status).toBe(401);
  });

  it("a second change voids the first one's confirmation link", async () => {
    const { account, token, id, newEmail } = await askForNewEmail();
    const first = await latestEmailTo(newEmail, CONFIRM_SUBJECT);
    const other = `other-${account.email}`;
    await put("/api/users/profile", token, {
      username: account.username,
      email: other,
      currentPassword: account.password,
    });
    expect((await postJson("/api/users/verify-email", { token: tokenOf(first?.link) })).response.status).toBe(400);
    expect((await accountRow(id))?.email).toBe(account.email);
  });
});

describe("the notice's revert link", () => {
  it("gives the old address back and ends every session, even after the change was confirmed and the password reset", async () => {
    const { account, token, id, newEmail } = await askForNewEmail();
    const notice = await latestEmailTo(account.email, NOTICE_SUBJECT);
    // Whoever holds the session confirms the new address and resets the password through it.
    const confirm = await latestEmailTo(newEmail, CONFIRM_SUBJECT);
    await postJson("/api/users/verify-email", { token: tokenOf(confirm?.link) }, { Authorization: `Bearer ${token}` });
    await postJson("/api/users/forgot-password", { email: newEmail });
    const reset = await latestEmailTo(newEmail, "Reset your Cardshare password");
    await postJson("/api/users/reset-password", {
      token: tokenOf(reset?.link),
      password: "taken-over-pass1",
      confirmPassword: "taken-over-pass1",
    });
    const takeover = (await login(newEmail, "taken-over-pass1")).body.token as string;
    const inbox = await connect(`/parties/user-notifications/${id}`, { Authorization: `Bearer ${takeover}` });
    await waitFor(() => framesOf(inbox.frames, "welcome")[0]);

    const { page, response } = await revert(notice!.link!);
    // Opening the link changed nothing; the button did.
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Restore my email address");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Your email address has been restored and every session was signed out.");
    expect(response.headers.getSetCookie().some((cookie) => /^__session=;.*Max-Age=0/.test(cookie))).toBe(true);

    expect(await accountRow(id)).toMatchObject({ email: account.email, pendingEmail: null });
    expect(await testDb().select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect(await waitFor(() => inbox.closed[0])).toMatchObject({ code: 4001 });
    expect((await fetchPath("/api/users/me", { headers: { Authorization: `Bearer ${takeover}` } })).status).toBe(401);
    expect((await login(newEmail, "taken-over-pass1")).response.status).toBe(401);
    // The link works once.
    expect((await revert(notice!.link!)).response.status).toBe(400);
  });

  it("cancels a change that is still pending", async () => {
    const { account, id, newEmail } = await askForNewEmail();
    const notice = await latestEmailTo(account.email, NOTICE_SUBJECT);
    const confirm = await latestEmailTo(newEmail, CONFIRM_SUBJECT);
    expect((await revert(notice!.link!)).response.status).toBe(200);
    expect(await accountRow(id)).toMatchObject({ email: account.email, pendingEmail: null });
    expect((await postJson("/api/users/verify-email", { token: tokenOf(confirm?.link) })).response.status).toBe(400);
  });

  it("keeps the old address from being taken by another account while it can be restored", async () => {
    const { account, token, newEmail } = await askForNewEmail();
    const confirm = await latestEmailTo(newEmail, CONFIRM_SUBJECT);
    await postJson("/api/users/verify-email", { token: tokenOf(confirm?.link) }, { Authorization: `Bearer ${token}` });
    const squatter = await postJson("/api/users/register", { ...newAccount(), email: account.email });
    expect(squatter.response.status).toBe(409);
    expect(squatter.body.message).toBe("An account with this email already exists");
    const other = await createSignedInUser();
    const moved = await put("/api/users/profile", other.token, { username: other.user.username, email: account.email });
    expect(moved.status).toBe(409);
  });
});
