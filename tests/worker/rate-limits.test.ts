import { describe, expect, it } from "vitest";
import { createSignedInUser, fetchWithEnv } from "./helpers";

/** Posts JSON from a given client address with the production limits (multiplier 1). */
function postFrom(ip: string, path: string, body: unknown) {
  return fetchWithEnv(
    path,
    { RATE_LIMIT_MULTIPLIER: "1" },
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify(body),
    },
  );
}

describe("rate limits", () => {
  it("slows failed sign-ins from one address after 10 a minute with a clear 429", async () => {
    const ip = `10.0.0.${Math.floor(Math.random() * 250)}`;
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(
        (await postFrom(ip, "/api/users/login", { email: "nobody@example.test", password: "wrong-1234" })).status,
      ).toBe(401);
    }
    const limited = await postFrom(ip, "/api/users/login", { email: "nobody@example.test", password: "wrong-1234" });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/Too many/);
    // Another address is not affected.
    expect(
      (await postFrom(`${ip}1`, "/api/users/login", { email: "nobody@example.test", password: "wrong-1234" })).status,
    ).toBe(401);
  });

  it("limits forgot-password requests per address", async () => {
    const ip = `10.1.0.${Math.floor(Math.random() * 250)}`;
    const statuses = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await postFrom(ip, "/api/users/forgot-password", { email: "someone@example.test" })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("per-account slowdown", () => {
  it("after 100 failures an hour, lets one attempt a minute through instead of locking the owner out", async () => {
    const { createUser, testDb } = await import("./helpers");
    const { hashPassword } = await import("~/modules/auth/password.server");
    const { rateLimits } = await import("../../db/schema");
    const user = await createUser({ passwordHash: await hashPassword("owner-passw0rd") });
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    await testDb()
      .insert(rateLimits)
      .values({ key: `login-fail:user:${user.id}`, windowStart: now - (now % hour), count: 100 });

    const login = (password: string, ip: string) => postFrom(ip, "/api/users/login", { email: user.email, password });
    // The owner's correct password still works: the slowdown allows an attempt...
    expect((await login("owner-passw0rd", "10.2.0.1")).status).toBe(200);
    // ...but only one a minute, from any address.
    const slowed = await login("guess-12345", "10.2.0.2");
    expect(slowed.status).toBe(429);
    expect(((await slowed.json()) as { message: string }).message).toBe(
      "Too many failed sign-ins for this account. Please wait a minute and try again.",
    );
  });

  it("limits how many chats one user starts: 30 an hour, then a clear 429", async () => {
    const { token } = await createSignedInUser();
    const start = () =>
      fetchWithEnv(
        "/api/chats",
        { RATE_LIMIT_MULTIPLIER: "1" },
        {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify({}),
        },
      );
    for (let chat = 0; chat < 30; chat++) expect((await start()).status).toBe(201);
    const limited = await start();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/Too many/);
  });
});
