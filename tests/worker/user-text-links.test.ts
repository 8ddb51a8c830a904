/**
 * Links in a member's text as the Worker renders them (linkify-it running in workerd): a comment,
 * a bio and a chat message each link the https address without the punctuation around it, with
 * rel="nofollow ugc noopener", and leave other schemes as text.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import { api, createSignedInUser, fetchPath, testDb } from "./helpers";
import { createMarket } from "./market-helpers";
import { eventually } from "./socket-helpers";

const TEXT = "Mine: (https://www.chase.com/refer/abc). Not http://plain.example or javascript:alert(1)";
const LINK =
  '<a href="https://www.chase.com/refer/abc" target="_blank" rel="nofollow ugc noopener" class="underline underline-offset-2';

async function page(path: string, cookie: string) {
  const response = await fetchPath(path, { headers: { Cookie: cookie } });
  expect(response.status, path).toBe(200);
  return response.text();
}

function expectLinked(html: string) {
  // In the document itself, not streamed in later behind a script (a page without JavaScript).
  expect(html).not.toContain("<!--$?-->");
  expect(html).toContain(LINK);
  expect(html).toContain(">https://www.chase.com/refer/abc</a>).");
  expect(html).not.toContain('href="http://plain.example');
  expect(html).not.toMatch(/href="javascript:/i);
}

describe("links in a member's text, rendered by the Worker", () => {
  it("in a review", async () => {
    const { applicant, referral } = await createMarket();
    const sent = await api("POST", "/api/referrals/card-refer/comment", applicant.token, {
      commentType: "applicantToReferrer",
      referralId: referral.id,
      rating: 4,
      comment: TEXT,
    });
    expect(sent.status).toBe(201);
    expectLinked(await page("/dashboard/my-applications", applicant.cookie));
  });

  it("in a bio", async () => {
    const owner = await createSignedInUser({ bio: TEXT });
    const visitor = await createSignedInUser();
    expectLinked(await page(`/profile/${owner.user.id}`, visitor.cookie));
  });

  it("in a chat message", async () => {
    const alice = await createSignedInUser();
    const bob = await createSignedInUser();
    const chat = await api("POST", "/api/chats", alice.token, { targetUserId: bob.user.id });
    const chatId = chat.body.id as string;
    const sent = await api("POST", `/api/chats/${chatId}/messages`, alice.token, { content: TEXT });
    expect(sent.status).toBe(201);
    await eventually(
      async () => (await testDb().select().from(messages).where(eq(messages.chatId, chatId))).length > 0,
    );
    expectLinked(await page(`/chat?chatId=${chatId}`, bob.cookie));
  });
});
