/**
 * Sockets end with the session (issue 28): each way a session ends closes the member's sockets in
 * both kinds of room within a second, and a socket whose session ended is heard no more.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatMembers, chats, messages } from "../../db/schema";
import { makeDirectChat } from "../../db/factories";
import { hashPassword } from "~/modules/auth/password.server";
import { api, createSignedInUser, fetchPath, latestEmailTo, ORIGIN, postJson, postPageForm, testDb } from "./helpers";
import { connect, connectPastTheGate, framesOf, settle, waitFor } from "./socket-helpers";

const PASSWORD = "s3cure-passw0rd";
/** The bound: a socket closes within a second of its session ending. */
const CLOSE_WITHIN_MS = 1000;

/** Bob, in a direct chat with Alice, with a socket in the chat's room and one in his notification room. */
async function connectedMember() {
  const alice = await createSignedInUser({ firstName: "Alice" });
  const bob = await createSignedInUser({ firstName: "Bob", passwordHash: await hashPassword(PASSWORD) });
  const { chat, members } = makeDirectChat(alice.user.id, bob.user.id);
  await testDb().batch([testDb().insert(chats).values(chat), testDb().insert(chatMembers).values(members)]);
  const room = await connect(`/parties/chat-room/${chat.id}`, { Cookie: bob.cookie });
  const inbox = await connect(`/parties/user-notifications/${bob.user.id}`, { Cookie: bob.cookie });
  await waitFor(() => framesOf(room.frames, "welcome")[0]);
  await waitFor(() => framesOf(inbox.frames, "welcome")[0]);
  return { alice, bob, chatId: chat.id, room, inbox };
}

type Member = Awaited<ReturnType<typeof connectedMember>>;

/** Milliseconds from `since` until the socket closed (or a failure after 5 s). */
async function closedAfter(socket: Member["room"], since: number) {
  const closed = await waitFor(() => socket.closed[0], 5000);
  expect(closed.code).toBe(4001);
  return Date.now() - since;
}

/** A link's token from the member's newest mail with this subject. */
async function mailedToken(email: string, subject: string) {
  const mail = await latestEmailTo(email, subject);
  return new URL(mail!.link!).searchParams.get("token")!;
}

/** Each way a session ends, as the member (or an admin) does it; answers once it has ended. */
const CAUSES: [string, (member: Member) => Promise<Response>][] = [
  ["sign-out", ({ bob }) => postPageForm("/auth/logout", bob.cookie, {})],
  [
    "password reset",
    async ({ bob }) => {
      await postJson("/api/users/forgot-password", { email: bob.user.email });
      const token = await mailedToken(bob.user.email, "Reset your Cardshare password");
      return (
        await postJson("/api/users/reset-password", {
          token,
          password: "brand-new-pass1",
          confirmPassword: "brand-new-pass1",
        })
      ).response;
    },
  ],
  [
    "email revert",
    async ({ bob }) => {
      const change = await api("PUT", "/api/users/profile", bob.token, {
        username: bob.user.username,
        email: `new-${bob.user.email}`,
        currentPassword: PASSWORD,
      });
      expect(change.status).toBe(200);
      const token = await mailedToken(bob.user.email, "Your Cardshare email is being changed");
      return fetchPath("/auth/revert-email", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: new URL(ORIGIN).host },
        body: new URLSearchParams({ token }).toString(),
      });
    },
  ],
  [
    "deactivation",
    async ({ bob }) => {
      const admin = await createSignedInUser({ isAdmin: true });
      return postPageForm("/admin/users", admin.cookie, { intent: "deactivate", id: bob.user.id });
    },
  ],
  [
    "account deletion",
    async ({ bob }) => {
      const deleted = await api("DELETE", "/api/users/me", bob.token, { password: PASSWORD });
      return new Response(null, { status: deleted.status });
    },
  ],
];

describe("a member's sockets when their session ends", () => {
  it.each(CAUSES)("%s closes both rooms' sockets within a second", async (_cause, end) => {
    const member = await connectedMember();
    const response = await end(member);
    const ended = Date.now();
    expect(response.status).toBeLessThan(400);
    expect(await closedAfter(member.room, ended)).toBeLessThan(CLOSE_WITHIN_MS);
    expect(await closedAfter(member.inbox, ended)).toBeLessThan(CLOSE_WITHIN_MS);
    // Told first, so a browser closes its own socket at once.
    expect(framesOf(member.room.frames, "session-ended")).toHaveLength(1);
    expect(framesOf(member.inbox.frames, "session-ended")).toHaveLength(1);
  });

  it("hears no frame from a socket once its session ended, before the socket is closed", async () => {
    const { alice, bob, chatId, room } = await connectedMember();
    const other = await connect(`/parties/chat-room/${chatId}`, { Cookie: alice.cookie });
    await waitFor(() => framesOf(other.frames, "welcome")[0]);
    expect((await postPageForm("/auth/logout", bob.cookie, {})).status).toBe(302);
    // The socket is still open (the room closes it after a short grace): its frames go nowhere.
    expect(room.closed).toEqual([]);
    room.socket!.send(JSON.stringify({ type: "send-message", chatId, content: "after sign-out", clientId: "late-1" }));
    room.socket!.send(JSON.stringify({ type: "typing", chatId, isTyping: true }));
    await waitFor(() => room.closed[0]);
    await settle(300);
    expect(framesOf(other.frames, "receive-message")).toEqual([]);
    expect(framesOf(other.frames, "user-typing")).toEqual([]);
    expect(framesOf(room.frames, "receive-message")).toEqual([]);
    expect(await testDb().select().from(messages).where(eq(messages.chatId, chatId))).toEqual([]);
    // Alice's own socket is untouched.
    expect(other.closed).toEqual([]);
    other.socket!.close();
  });

  it("refuses a connection the Worker admitted before the session ended that reaches the room after", async () => {
    const { bob } = await connectedMember();
    const checkedBefore = Date.now() - 1;
    expect((await postPageForm("/auth/logout", bob.cookie, {})).status).toBe(302);
    const arrive = (checkedAt: number) => connectPastTheGate("UserNotifications", bob.user.id, bob.user.id, checkedAt);
    const late = await arrive(checkedBefore);
    expect(await waitFor(() => late.closed[0])).toMatchObject({ code: 4001 });
    expect(framesOf(late.frames, "welcome")).toEqual([]);
    // A session checked after the end (a new sign-in) is let in.
    const fresh = await arrive(Date.now() + 1);
    expect(await waitFor(() => framesOf(fresh.frames, "welcome")[0])).toMatchObject({ userId: bob.user.id });
  });
});
