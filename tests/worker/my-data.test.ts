import { env, runInDurableObject } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MyDataExportSchema } from "~/modules/users/my-data-export";
import {
  makeApplication,
  makeCard,
  makeComment,
  makeDirectChat,
  makeMessage,
  makeReferral,
  type NewUser,
} from "../../db/factories";
import {
  applicationOutcomes,
  applications,
  blocks,
  chatMembers,
  chats,
  comments,
  creditCards,
  emailOutbox,
  messages,
  rateLimitHits,
  referralViews,
  referrals,
  reports,
  tips,
  users,
} from "../../db/schema";
import { hashPassword } from "~/modules/auth/password.server";
import { DELETION_MESSAGES, FRESH_SIGN_IN_MS } from "~/modules/users/account-deletion.server";
import type { MyDataExport } from "~/modules/users/my-data.server";
import { PROFILE_MESSAGES } from "~/modules/users/profile.server";
import { api, createSignedInUser, fetchPath, latestEmailTo, testDb } from "./helpers";
import { newTestBrowser } from "./push-helpers";
import { connect } from "./socket-helpers";

const PASSWORD = "s3cure-passw0rd";

/**
 * A member with something of everything (a referral reviewed by an applicant, an application of
 * their own, a review they wrote, a chat with messages both ways, a tip, a sent email, a counted
 * rate-limit event, a block each way) among other people, so deletion can be checked table by table.
 */
async function memberWithHistory(overrides: Partial<NewUser> = {}) {
  const db = testDb();
  const tag = crypto.randomUUID().slice(0, 8);
  const member = await createSignedInUser({
    firstName: `Zelda${tag}`,
    lastName: `Quorum${tag}`,
    email: `zelda${tag}@example.test`,
    username: `zelda_${tag}`,
    passwordHash: await hashPassword(PASSWORD),
    ...overrides,
  });
  const other = await createSignedInUser();
  const stranger = await createSignedInUser();
  const card = makeCard();
  const othersCard = makeCard();
  const ownReferral = makeReferral(member.user.id, card.id, {
    referralLink: `https://bank.example/refer/${member.user.username}`,
    additionalInfo: `Ask ${member.user.firstName} anything`,
  });
  const othersReferral = makeReferral(other.user.id, othersCard.id);
  const applicationToMember = makeApplication(ownReferral, other.user.id);
  const ownApplication = makeApplication(othersReferral, member.user.id, { additionalInfo: "Applied on my phone" });
  const review = makeComment(ownReferral.id, other.user.id, { applicationId: applicationToMember.id });
  const ownReview = makeComment(othersReferral.id, member.user.id, {
    applicationId: ownApplication.id,
    comment: "Quick approval, share arrived",
  });
  const { chat, members } = makeDirectChat(member.user.id, other.user.id);
  await db.batch([
    db.insert(creditCards).values([card, othersCard]),
    db.insert(referrals).values([ownReferral, othersReferral]),
    db.insert(applications).values([applicationToMember, ownApplication]),
    db.insert(comments).values([review, ownReview]),
    db.insert(chats).values(chat),
    db.insert(chatMembers).values(members),
    db
      .insert(messages)
      .values([
        makeMessage(chat.id, member.user.id, { content: "Hi, here is the link" }),
        makeMessage(chat.id, other.user.id, { content: "Thanks!" }),
      ]),
    db.insert(tips).values({
      id: crypto.randomUUID(),
      userId: member.user.id,
      amount: 300,
      currency: "usd",
      stripeEventId: `evt_${tag}`,
      stripeSessionId: `cs_test_${tag}`,
    }),
    db.insert(emailOutbox).values({
      id: crypto.randomUUID(),
      to: member.user.email,
      subject: "Your Cardshare password was changed",
      text: "Hello",
      html: "<p>Hello</p>",
    }),
    db.insert(rateLimitHits).values([
      { id: crypto.randomUUID(), key: `chat-message:${member.user.id}`, at: Date.now() },
      { id: crypto.randomUUID(), key: `chat-new:${member.user.id}`, at: Date.now() },
    ]),
    db.insert(blocks).values([
      { blockerId: member.user.id, blockedId: stranger.user.id },
      { blockerId: stranger.user.id, blockedId: member.user.id },
    ]),
  ]);
  return {
    member,
    other,
    stranger,
    card,
    ownReferral,
    othersReferral,
    applicationToMember,
    ownApplication,
    othersCard,
    chat,
    ownReview,
  };
}

type World = Awaited<ReturnType<typeof memberWithHistory>>;
const OUTCOME = (id: string) => `/api/applications/card-apply/${id}/outcome`;
const DISPUTE_NOTE = "The member's share never came (my-data test)";

/**
 * What the member does through the app before leaving: views the other's referral, disputes the
 * share of their own application (which mails the other side, naming them), says a bonus posted on
 * the application made to them, reports the other's referral, and has their notification room open.
 */
async function memberActs(world: World) {
  const { member, other, stranger } = world;
  // A browser with push on (ADR 181): in the export, and gone with the account.
  const browser = await newTestBrowser();
  expect((await api("POST", "/api/users/push-subscriptions", member.token, browser.subscription)).status).toBe(201);
  const beacon = await fetchPath(`/go/${world.othersReferral.id}/view`, { headers: { Cookie: member.cookie } });
  expect(beacon.status).toBe(200);
  const views = await testDb().select().from(referralViews).where(eq(referralViews.viewer, member.user.id));
  expect(views).toHaveLength(1);

  expect((await api("POST", OUTCOME(world.ownApplication.id), other.token, { step: "bonus-posted" })).status).toBe(200);
  const dispute = await api("POST", OUTCOME(world.ownApplication.id), member.token, {
    step: "share-not-received",
    note: DISPUTE_NOTE,
  });
  expect(dispute.status).toBe(200);
  const bonus = await api("POST", OUTCOME(world.applicationToMember.id), member.token, { step: "bonus-posted" });
  expect(bonus.status).toBe(200);
  // The dispute's notice names the member, in a mail to the other side.
  const notice = await latestEmailTo(
    other.user.email,
    `Cardshare: ${world.othersCard.name} application update`,
    10_000,
  );
  expect(notice?.text).toContain(`${member.user.firstName} ${member.user.lastName} says the share`);

  const report = await api("POST", "/api/reports", member.token, {
    targetType: "referral",
    targetId: world.othersReferral.id,
    reason: "link-broken",
  });
  expect(report.status).toBe(201);
  // Someone reports the member too: that report is the stranger's, about them.
  const aboutMember = await api("POST", "/api/reports", stranger.token, {
    targetType: "user",
    targetId: member.user.id,
    reason: "spam",
  });
  expect(aboutMember.status).toBe(201);

  const room = await connect(`/parties/user-notifications/${member.user.id}`, { Cookie: member.cookie });
  expect(room.response.status).toBe(101);
  return { room };
}

/** Everything the member's notification room keeps: its storage's keys, SQL tables and alarm. */
function notificationRoomStorage(userId: string) {
  return runInDurableObject(env.UserNotifications.getByName(userId), async (_room, state) => ({
    keys: [...(await state.storage.list()).keys()],
    tables: state.storage.sql
      .exec(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%'",
      )
      .toArray(),
    alarm: await state.storage.getAlarm(),
  }));
}

/** Every user table's text columns that contain `needle`, as "table.column". */
async function whereFound(needle: string) {
  const db = testDb();
  const tables = await db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const columns = await db.all<{ name: string }>(sql`SELECT name FROM pragma_table_info(${name})`);
    for (const column of columns) {
      const [row] = await db.all<{ n: number }>(
        sql`SELECT count(*) AS n FROM ${sql.identifier(name)} WHERE instr(CAST(${sql.identifier(column.name)} AS TEXT), ${needle}) > 0`,
      );
      if (row.n > 0) found.push(`${name}.${column.name}`);
    }
  }
  return found;
}

describe("GET /api/users/me/export", () => {
  it("downloads the member's own data as one JSON file, and nobody else's private fields", async () => {
    const world = await memberWithHistory();
    const response = await fetchPath("/api/users/me/export", { headers: { Cookie: world.member.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(
      new RegExp(`^attachment; filename="cardshare-${world.member.user.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const data = (await response.json()) as MyDataExport;
    // The file is exactly its documented shape (the OpenAPI document's MyDataExport): parsing
    // drops any field the schema does not name, so an undocumented one fails here.
    expect(MyDataExportSchema.parse(data)).toEqual(data);
    expect(data.format).toBe("cardshare-export/1");
    expect(data.profile).toMatchObject({
      id: world.member.user.id,
      email: world.member.user.email,
      firstName: world.member.user.firstName,
      privacy: { showFullName: true, showEmail: false, showReferrals: true, showApplications: true },
    });
    expect(JSON.stringify(data)).not.toContain("pbkdf2");
    expect(data.referrals.map((row: { id: string }) => row.id)).toEqual([world.ownReferral.id]);
    expect(data.referrals[0].referralLink).toBe(world.ownReferral.referralLink);
    expect(data.applications.map((row: { id: string; role: string }) => [row.id, row.role]).sort()).toEqual(
      [
        [world.applicationToMember.id, "referrer"],
        [world.ownApplication.id, "applicant"],
      ].sort(),
    );
    expect(data.comments.map((row: { id: string }) => row.id)).toEqual([world.ownReview.id]);
    expect(data.chats).toHaveLength(1);
    expect(data.chats[0].messages.map((m: { content: string; fromMe: boolean }) => [m.content, m.fromMe])).toEqual(
      expect.arrayContaining([
        ["Hi, here is the link", true],
        ["Thanks!", false],
      ]),
    );
    expect(data.tips).toEqual([expect.objectContaining({ amountMinor: 300, currency: "usd" })]);
    // The members they block; who blocks them is not theirs to see.
    expect(data.blocks).toEqual([
      { userId: world.stranger.user.id, username: world.stranger.user.username, createdAt: expect.any(String) },
    ]);
  });

  it("holds the member's outcome steps, disputes, reports, blocks and notification settings, and none of another member's", async () => {
    const world = await memberWithHistory();
    const { member, other, stranger } = world;
    await memberActs(world);
    const settings = await api("PUT", "/api/users/notification-settings", member.token, { emailNotifications: false });
    expect(settings.status).toBe(200);
    // The other's browser with push on is not the member's (ADR 181).
    const othersBrowser = await newTestBrowser();
    expect((await api("POST", "/api/users/push-subscriptions", other.token, othersBrowser.subscription)).status).toBe(
      201,
    );
    // Another member's rows of each kind: the stranger's application to the other, with its steps
    // and dispute, and a report the stranger filed; the other blocks the stranger.
    const db = testDb();
    const strangersApplication = makeApplication(world.othersReferral, stranger.user.id);
    await db.batch([
      db.insert(applications).values(strangersApplication),
      db.insert(applicationOutcomes).values([
        {
          applicationId: strangersApplication.id,
          referrerId: other.user.id,
          step: "bonus-posted",
          actorId: other.user.id,
        },
        {
          applicationId: strangersApplication.id,
          referrerId: other.user.id,
          step: "share-not-received",
          actorId: stranger.user.id,
          note: "The stranger's own dispute",
        },
      ]),
      db.insert(reports).values({
        reporterId: stranger.user.id,
        targetType: "referral",
        targetId: world.ownReferral.id,
        reason: "offer-expired",
      }),
      db.insert(blocks).values({ blockerId: other.user.id, blockedId: stranger.user.id }),
    ]);

    const response = await fetchPath("/api/users/me/export", { headers: { Cookie: member.cookie } });
    expect(response.status).toBe(200);
    const data = (await response.json()) as MyDataExport;
    const text = JSON.stringify(data);
    expect(text).not.toContain(strangersApplication.id);
    expect(text).not.toContain("The stranger's own dispute");

    expect(data.outcomes.map((row) => [row.applicationId, row.step, row.byMe]).sort()).toEqual(
      [
        [world.ownApplication.id, "bonus-posted", false],
        [world.ownApplication.id, "share-not-received", true],
        [world.applicationToMember.id, "bonus-posted", true],
      ].sort(),
    );
    expect(data.disputes).toEqual([
      {
        applicationId: world.ownApplication.id,
        openedByMe: true,
        note: DISPUTE_NOTE,
        openedAt: expect.any(String),
        closedAt: null,
        open: true,
      },
    ]);
    // The report they filed; the stranger's report about them and the stranger's other report are not theirs.
    expect(data.reports).toEqual([
      expect.objectContaining({ targetType: "referral", targetId: world.othersReferral.id, reason: "link-broken" }),
    ]);
    expect(data.blocks.map((row) => row.userId)).toEqual([stranger.user.id]);
    expect(data.notificationSettings).toEqual({
      emailNotifications: false,
      kinds: expect.objectContaining({ applications: { email: true, push: true }, chat: { email: true, push: true } }),
    });
    expect(data.pushDevices.map((device) => device.endpoint)).toEqual([
      expect.stringMatching(/^https:\/\/push\.fake\.test\/push\//),
    ]);
    expect(data.pushDevices[0]!.endpoint).not.toBe(othersBrowser.subscription.endpoint);
    const [othersSettings] = await db
      .select({ emailNotifications: users.emailNotifications })
      .from(users)
      .where(and(eq(users.id, other.user.id), eq(users.emailNotifications, true)));
    expect(othersSettings).toBeDefined();
  });

  it("is for members only", async () => {
    const { status } = await api("GET", "/api/users/me/export", null);
    expect(status).toBe(401);
  });
});

describe("DELETE /api/users/me", () => {
  it("leaves no trace of the member's id, email or names in any table, and keeps others' history", async () => {
    const world = await memberWithHistory();
    const { user, token } = world.member;
    await memberActs(world);
    const needles = [user.id, user.email, user.firstName!, user.lastName!, user.username];
    // Before: the traces the deletion must remove are there (the view is checked in memberActs).
    // The mails leave through the queue (ADR 180): the dispute's and the bonus's notices, and a
    // chat mail to the other (no tab open) quoting the member's message, all naming the member.
    const traces = async () =>
      (
        await testDb().all<{ reports: number; mails: number }>(
          sql`SELECT (SELECT count(*) FROM reports WHERE target_id = ${user.id}) AS reports,
                 (SELECT count(*) FROM email_outbox WHERE "to" <> ${user.email} AND instr(text, ${user.firstName!}) > 0) AS mails`,
        )
      )[0];
    await expect.poll(traces, { timeout: 10_000 }).toEqual({ reports: 1, mails: 3 });
    expect((await notificationRoomStorage(user.id)).keys).not.toEqual([]);

    const { status, body } = await api("DELETE", "/api/users/me", token, { password: PASSWORD });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, message: DELETION_MESSAGES.deleted });

    for (const needle of needles) {
      expect(await whereFound(needle), needle).toEqual([]);
    }
    // The member's notification room keeps nothing: no key, no table, no alarm.
    expect(await notificationRoomStorage(user.id)).toEqual({ keys: [], tables: [], alarm: null });
    // The other member's application, the review of the withdrawn referral and the chat remain,
    // now with the stand-in 'Deleted user'.
    const db = testDb();
    const [standIn] = await db.all<{ id: string; first_name: string; last_name: string; deactivated_at: number }>(
      sql`SELECT u.id, u.first_name, u.last_name, u.deactivated_at FROM users u JOIN referrals r ON r.referrer_id = u.id WHERE r.id = ${world.ownReferral.id}`,
    );
    expect(standIn).toMatchObject({ first_name: "Deleted", last_name: "user" });
    expect(standIn.deactivated_at).not.toBeNull();
    const [referral] = await db.all<{ is_active: number; referral_link: string }>(
      sql`SELECT is_active, referral_link FROM referrals WHERE id = ${world.ownReferral.id}`,
    );
    expect(referral).toEqual({ is_active: 0, referral_link: "" });
    const [kept] = await db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM applications WHERE id IN (${world.applicationToMember.id}, ${world.ownApplication.id})`,
    );
    expect(kept.n).toBe(2);
    const members = await db.all<{ user_id: string }>(
      sql`SELECT user_id FROM chat_members WHERE chat_id = ${world.chat.id} ORDER BY user_id`,
    );
    expect(members.map((row) => row.user_id).sort()).toEqual([standIn.id, world.other.user.id].sort());
    // The other side's outcome timelines stay, the member's steps said by the stand-in.
    const steps = await db
      .select({ applicationId: applicationOutcomes.applicationId, step: applicationOutcomes.step })
      .from(applicationOutcomes)
      .where(eq(applicationOutcomes.actorId, standIn.id));
    expect(steps.map((row) => `${row.applicationId} ${row.step}`).sort()).toEqual(
      [`${world.ownApplication.id} share-not-received`, `${world.applicationToMember.id} bonus-posted`].sort(),
    );

    // Signed out everywhere: the old token no longer works, and signing in again is refused.
    expect((await api("GET", "/api/users/me", token)).status).toBe(401);
    const login = await api("POST", "/api/users/login", null, { email: user.email, password: PASSWORD });
    expect(login.status).toBe(401);
    // The other member's view of the chat names the stand-in.
    const chatsOfOther = await api("GET", "/api/chats", world.other.token);
    expect(JSON.stringify(chatsOfOther.body)).toContain("Deleted user");
  });

  it("needs the right password, and a wrong one changes nothing", async () => {
    const world = await memberWithHistory();
    const wrong = await api("DELETE", "/api/users/me", world.member.token, { password: "not-it-123" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ password: PROFILE_MESSAGES.currentPasswordIncorrect });
    const none = await api("DELETE", "/api/users/me", world.member.token, {});
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ password: PROFILE_MESSAGES.currentPasswordRequired });
    const notText = await api("DELETE", "/api/users/me", world.member.token, { password: 12345678 });
    expect(notText.status).toBe(400);
    expect(await whereFound(world.member.user.email)).toContain("users.email");
    expect((await api("GET", "/api/users/me", world.member.token)).status).toBe(200);
  });

  it("asks a Google account for a sign-in less than 10 minutes old instead of a password", async () => {
    const member = await createSignedInUser({ authProvider: "google", googleSubject: `g-${crypto.randomUUID()}` });
    const db = testDb();
    await db.run(
      sql`UPDATE sessions SET created_at = ${Date.now() - FRESH_SIGN_IN_MS - 1000} WHERE user_id = ${member.user.id}`,
    );
    const stale = await api("DELETE", "/api/users/me", member.token, {});
    expect(stale).toMatchObject({ status: 403, body: { message: DELETION_MESSAGES.googleNotFresh } });
    await db.run(sql`UPDATE sessions SET created_at = ${Date.now()} WHERE user_id = ${member.user.id}`);
    const fresh = await api("DELETE", "/api/users/me", member.token, {});
    expect(fresh.status).toBe(200);
    expect(await whereFound(member.user.id)).toEqual([]);
  });
});

describe("account deletion reaches the chat rooms", () => {
  it("rewrites the member's messages in the room's own storage to the stand-in", async () => {
    const world = await memberWithHistory();
    const { user, token } = world.member;
    const sent = await api("POST", `/api/chats/${world.chat.id}/messages`, token, { content: "Sent through the room" });
    expect(sent.status).toBe(201);
    expect((await api("DELETE", "/api/users/me", token, { password: PASSWORD })).status).toBe(200);
    const rows = await runInDurableObject(env.ChatRoom.getByName(world.chat.id), (_room, state) => [
      ...state.storage.sql.exec("SELECT * FROM messages").toArray(),
      ...state.storage.sql.exec("SELECT * FROM members").toArray(),
    ]);
    const text = JSON.stringify(rows);
    expect(text).toContain("Sent through the room");
    for (const needle of [user.id, user.email, user.firstName!, user.lastName!, user.username]) {
      expect(text, needle).not.toContain(needle);
    }
    expect(text).toContain("Deleted");
  });
});

describe("Personal Info: Your data", () => {
  it("deletes the account from a plain form post and signs the browser out", async () => {
    const world = await memberWithHistory();
    const page = await fetchPath("/dashboard/personal-info?delete=1", { headers: { Cookie: world.member.cookie } });
    const html = await page.text();
    expect(html).toContain("Delete your account?");
    expect(html).toContain('href="/api/users/me/export"');
    const wrong = await fetchPath("/dashboard/personal-info", {
      method: "POST",
      headers: {
        Cookie: world.member.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "deleteAccount", password: "wrong-one-1" }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(PROFILE_MESSAGES.currentPasswordIncorrect);
    const done = await fetchPath("/dashboard/personal-info", {
      method: "POST",
      headers: {
        Cookie: world.member.cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "deleteAccount", password: PASSWORD }),
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    expect(done.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await whereFound(world.member.user.id)).toEqual([]);
  });
});
