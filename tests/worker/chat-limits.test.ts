import { describe, expect, it } from "vitest";
import { NEW_ACCOUNT_CHATS } from "~/modules/chats/start-limits.server";
import { createSignedInUser, fetchWithEnv } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;

/** POST /api/chats with the production limits (multiplier 1). */
async function startChat(token: string, targetUserId: string) {
  const response = await fetchWithEnv(
    "/api/chats",
    { RATE_LIMIT_MULTIPLIER: "1" },
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ targetUserId }),
    },
  );
  return { status: response.status, body: (await response.json()) as { message?: string; id?: string } };
}

/** `count` other members to start chats with. */
const others = (count: number) => Promise.all(Array.from({ length: count }, () => createSignedInUser()));

describe("new accounts start at most 3 new chats a day", () => {
  it("refuses a new account's 4th new chat with a 429 saying why and when, but reopens existing chats", async () => {
    const newcomer = await createSignedInUser();
    const people = await others(NEW_ACCOUNT_CHATS + 1);
    for (const person of people.slice(0, NEW_ACCOUNT_CHATS)) {
      expect((await startChat(newcomer.token, person.user.id)).status).toBe(201);
    }
    const fourth = await startChat(newcomer.token, people[NEW_ACCOUNT_CHATS].user.id);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(
      /^New accounts can start 3 new chats a day\. You can start another after [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M UTC\./,
    );
    expect(fourth.body.message).toContain("Your existing chats are not affected");
    // An existing chat is not a new one.
    expect((await startChat(newcomer.token, people[0].user.id)).status).toBe(201);
    // Others may still start a chat with the newcomer.
    expect((await startChat(people[NEW_ACCOUNT_CHATS].token, newcomer.user.id)).status).toBe(201);
  });

  it("counts an account a day old as new while its email is unverified", async () => {
    const unverified = await createSignedInUser({ emailVerifiedAt: null, createdAt: new Date(Date.now() - 3 * DAY) });
    const people = await others(NEW_ACCOUNT_CHATS + 1);
    const statuses = [];
    for (const person of people) statuses.push((await startChat(unverified.token, person.user.id)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("leaves an old verified account unaffected", async () => {
    const veteran = await createSignedInUser({
      createdAt: new Date(Date.now() - 3 * DAY),
      emailVerifiedAt: new Date(Date.now() - 3 * DAY),
    });
    const people = await others(NEW_ACCOUNT_CHATS + 2);
    for (const person of people) expect((await startChat(veteran.token, person.user.id)).status).toBe(201);
  });
});
