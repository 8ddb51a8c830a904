import { describe, expect, it } from "vitest";
import { createSignedInUser, fetchPath, postJson } from "./helpers";

const ZOD_TEXT = /expected|received|Invalid input|Too big|Too small|Infinity|9007199254740991/i;

/** Posts a raw JSON text (so 400 digits reach the server as a number literal). */
async function postRaw(path: string, token: string, json: string) {
  const response = await fetchPath(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: json,
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; errors?: Record<string, string> },
  };
}

describe("error texts a person can read", () => {
  it("a rating of '5' as text, 1e308 or 400 digits gets the rating's own message", async () => {
    const { token } = await createSignedInUser();
    const review = `"commentType":"applicantToReferrer","referralId":"r1","comment":"ok"`;
    for (const rating of [`"5"`, "1e308", `1${"0".repeat(399)}`]) {
      const { status, body } = await postRaw(
        "/api/referrals/card-refer/comment",
        token,
        `{${review},"rating":${rating}}`,
      );
      expect(status).toBe(400);
      expect(body.message).toBe("Rating must be between 1 and 5");
      expect(body.errors).toEqual({ rating: "Rating must be between 1 and 5" });
    }
  });

  it("a huge mark-read timestamp is refused in words, not zod's", async () => {
    const { token } = await createSignedInUser();
    const { status, body } = await postRaw("/api/chats/some-chat/read", token, `{"timestamp":1e308}`);
    expect(status).toBe(400);
    expect(body.message).not.toMatch(ZOD_TEXT);
  });

  it("a 200 KB password on login says it is too long", async () => {
    const { response, body } = await postJson("/api/users/login", {
      email: "someone@example.test",
      password: "x".repeat(200_000),
    });
    expect(response.status).toBe(400);
    expect(body.message).toBe("Password must be at most 128 characters");
  });
});

describe("a form's field names", () => {
  it("a name nested 5,000 levels deep is a 400 in words, not a stack overflow", async () => {
    const body = new URLSearchParams({ email: "someone@example.test", [`x${"[0].a".repeat(5_000)}`]: "1" });
    const response = await fetchPath("/auth/forgot-password.data", { method: "POST", body });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read. Please try again.");
  });

  it("names as deep as the app's own forms still reach the schema", async () => {
    const body = new URLSearchParams({ email: "not-an-email", "a.b[0].c": "1" });
    const response = await fetchPath("/auth/forgot-password.data", { method: "POST", body });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain("The form could not be read");
  });
});
