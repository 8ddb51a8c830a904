import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages, reports } from "../../db/schema";
import { REPORT_MESSAGES } from "~/modules/reports/schemas";
import { api, createSignedInUser, fetchPath, postPageForm, testDb } from "./helpers";
import { eventually } from "./socket-helpers";

/** A browser's plain post (it asks for HTML, so a resource route answers with a redirect). */
const postForm = (path: string, cookie: string, fields: Record<string, string>) =>
  postPageForm(path, cookie, fields, { Accept: "text/html" });

const page = async (path: string, cookie: string) => (await fetchPath(path, { headers: { Cookie: cookie } })).text();

describe("reporting from a chat", () => {
  it("reports another's message from the chat page without JavaScript, and admins see its text as evidence", async () => {
    const alice = await createSignedInUser({ firstName: "Alice" });
    const bob = await createSignedInUser({ firstName: "Bob" });
    const admin = await createSignedInUser({ isAdmin: true });
    const chatId = (await api("POST", "/api/chats", alice.token, { targetUserId: bob.user.id })).body.id as string;
    const spam = "Send me your card number for a bigger bonus";
    const sent = await api("POST", `/api/chats/${chatId}/messages`, bob.token, { content: spam });
    const messageId = sent.body.data.id as string;
    await eventually(async () => (await testDb().select().from(messages).where(eq(messages.id, messageId))).length > 0);

    // Each message of the other person has a Report link, to the page's own report step.
    const chatPath = `/chat?chatId=${chatId}`;
    const conversation = await page(chatPath, alice.cookie);
    expect(conversation).toContain(`report=message:${messageId}`);
    expect(conversation).toContain("report=user:" + bob.user.id);
    const step = await page(`${chatPath}&report=message:${messageId}`, alice.cookie);
    expect(step).toContain("Report this message");
    expect(step).toContain(spam);
    expect(step).toContain(`name="targetId" value="${messageId}"`);

    const posted = await postForm("/reports", alice.cookie, {
      targetType: "message",
      targetId: messageId,
      reason: "spam",
      note: "",
      redirectTo: chatPath,
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(chatPath);
    const [row] = await testDb()
      .select({ reporterId: reports.reporterId, reason: reports.reason })
      .from(reports)
      .where(and(eq(reports.targetType, "message"), eq(reports.targetId, messageId)));
    expect(row).toEqual({ reporterId: alice.user.id, reason: "spam" });

    // One's own messages have no Report link, and cannot be reported.
    expect(await page(chatPath, bob.cookie)).not.toContain(`report=message:${messageId}`);
    const own = await api("POST", "/api/reports", bob.token, {
      targetType: "message",
      targetId: messageId,
      reason: "spam",
    });
    expect(own).toMatchObject({ status: 400, body: { message: REPORT_MESSAGES.own } });

    const queue = await page("/admin/reports", admin.cookie);
    expect(queue).toContain(spam);
  });

  it("reports the member from the chat's report step", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    const chatId = (await api("POST", "/api/chats", alice.token, { targetUserId: bob.user.id })).body.id as string;
    const step = await page(`/chat?chatId=${chatId}&report=user:${bob.user.id}`, alice.cookie);
    expect(step).toContain("Report this member");
    expect(step).toContain(`name="targetId" value="${bob.user.id}"`);
    // A malformed ?report= is ignored, not an error.
    expect(
      (await fetchPath(`/chat?chatId=${chatId}&report=nonsense`, { headers: { Cookie: alice.cookie } })).status,
    ).toBe(200);
  });
});
