import { describe, expect, it } from "vitest";
import { fetchWithEnv } from "./helpers";

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
