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
    const { createUser, useUpRateLimit } = await import("./helpers");
    const { hashPassword } = await import("~/modules/auth/password.server");
    const user = await createUser({ passwordHash: await hashPassword("owner-passw0rd") });
    await useUpRateLimit(`login-fail:user:${user.id}`, 100);

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
    const other = await createSignedInUser();
    const start = () =>
      fetchWithEnv(
        "/api/chats",
        { RATE_LIMIT_MULTIPLIER: "1" },
        {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify({ targetUserId: other.user.id }),
        },
      );
    for (let chat = 0; chat < 30; chat++) expect((await start()).status).toBe(201);
    const limited = await start();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toMatch(/Too many/);
  });
});

describe("sliding window (clock injected, no sleeping)", () => {
  const MINUTE = 60_000;
  /** A whole minute on the clock: where a fixed window would start counting from zero again. */
  const BOUNDARY = MINUTE * 30_000_000;

  async function limiter(limit = 10) {
    const { countEvent, isLimited } = await import("~/utils/rate-limit.server");
    const { testDb } = await import("./helpers");
    const rule = { key: `sliding:${crypto.randomUUID()}`, limit, windowMs: MINUTE };
    return {
      /** Whether the event at `at` is allowed. */
      allow: async (at: number) => !(await countEvent(testDb(), rule, at)),
      limited: (at: number) => isLimited(testDb(), rule, at),
    };
  }

  it("allows 10 of 14 events sent in 4 s across a minute boundary (the audit's case)", async () => {
    const { allow, limited } = await limiter();
    const times = Array.from({ length: 14 }, (_, index) => BOUNDARY - 2000 + index * 300);
    const allowed = [];
    for (const at of times) allowed.push(await allow(at));
    expect(allowed).toEqual([...Array(10).fill(true), ...Array(4).fill(false)]);
    // Still limited just before the first event is a minute old, free for one more once it is.
    expect(await limited(times[0] + MINUTE - 1)).toBe(true);
    expect(await allow(times[0] + MINUTE)).toBe(true);
    expect(await allow(times[0] + MINUTE + 1)).toBe(false);
  });

  it("never lets any 60 s span hold more than the limit, whatever the timing", async () => {
    const { allow } = await limiter(5);
    let at = BOUNDARY - 3 * MINUTE;
    const allowedAt: number[] = [];
    // A burst on each side of every boundary, with quieter stretches between.
    for (let event = 0; event < 150; event++) {
      at += event % 25 < 12 ? 250 : 5_000;
      if (await allow(at)) allowedAt.push(at);
    }
    expect(allowedAt.length).toBeGreaterThan(10);
    for (const start of allowedAt) {
      expect(allowedAt.filter((time) => time >= start && time < start + MINUTE).length).toBeLessThanOrEqual(5);
    }
  });
});

describe("registration's 'An account with this email already exists'", () => {
  const ip = () => `10.4.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it("costs one failure against the address's limit, the same budget as a wrong password", async () => {
    const { createUser, newAccount } = await import("./helpers");
    const taken = await createUser();
    const from = ip();
    const wrongPassword = () => postFrom(from, "/api/users/login", { email: taken.email, password: "wrong-1234" });
    const takenEmail = () => postFrom(from, "/api/users/register", { ...newAccount(), email: taken.email });

    for (let attempt = 0; attempt < 5; attempt++) expect((await wrongPassword()).status).toBe(401);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await takenEmail();
      expect(response.status).toBe(409);
      expect(((await response.json()) as { message: string }).message).toBe(
        "An account with this email already exists",
      );
    }
    // Ten failures of either kind: both doors are closed for this address, and only for it.
    expect((await wrongPassword()).status).toBe(429);
    const refused = await takenEmail();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many/);
    expect((await postFrom(ip(), "/api/users/register", { ...newAccount(), email: taken.email })).status).toBe(409);
  });
});
