import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../db/schema";
import { createMailer } from "~/modules/email/mailer.server";
import { parseEnv } from "~/utils/env.server";
import { createSignedInUser, fetchPath, fetchWithEnv, testDb } from "./helpers";

describe("development email outbox", () => {
  it("stores sent mail and lists it newest first with its links", async () => {
    const mailer = createMailer(parseEnv(env as unknown as Record<string, unknown>), testDb());
    await mailer.send({ to: "first@outbox.test", subject: "First", text: "Hello", html: "<p>Hello</p>" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await mailer.send({
      to: "second@outbox.test",
      subject: "Verify your email",
      text: "Open http://localhost:8787/auth/verify-email?token=abc&email=second%40outbox.test to verify.",
      html: "<p>Verify</p>",
    });

    const response = await fetchPath("/dev/mail.json");
    expect(response.status).toBe(200);
    const messages = (await response.json()) as { to: string; subject: string; links: string[]; createdAt: string }[];
    const ours = messages.filter((message) => message.to.endsWith("@outbox.test"));
    expect(ours.map((message) => message.subject)).toEqual(["Verify your email", "First"]);
    expect(ours[0].links).toEqual(["http://localhost:8787/auth/verify-email?token=abc&email=second%40outbox.test"]);
    expect(Object.keys(ours[0]).sort()).toEqual(["createdAt", "headers", "html", "links", "subject", "text", "to"]);

    const page = await (await fetchPath("/dev/mail")).text();
    expect(page).toContain("Verify your email");
  });

  it("does not exist outside development", async () => {
    for (const path of ["/dev/mail", "/dev/mail.json"]) {
      expect((await fetchWithEnv(path, { ENVIRONMENT: "production" })).status).toBe(404);
    }
  });

  it("exists only for a request to a loopback host, even with ENVIRONMENT=development", async () => {
    expect(env.ENVIRONMENT).toBe("development");
    for (const origin of ["https://cardshare.example", "http://192.168.1.20:8787", "https://localhost.evil.example"]) {
      for (const path of ["/dev/mail", "/dev/mail.json"])
        expect((await fetchPath(`${origin}${path}`)).status).toBe(404);
    }
    for (const origin of ["http://127.0.0.1:8787", "http://[::1]:8787", "http://app.localhost:8787"]) {
      expect((await fetchPath(`${origin}/dev/mail.json`)).status).toBe(200);
    }
  });

  it("answers with a clear 500 naming a missing variable", async () => {
    const response = await fetchWithEnv("/", { SESSION_SECRET: "" });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("SESSION_SECRET");
  });
});

describe("the production mailer", () => {
  it("sends the mail API only the mail, and keeps whom it names in the outbox (ADR 153)", async () => {
    const { user } = await createSignedInUser();
    const production = parseEnv({
      ...(env as unknown as Record<string, unknown>),
      ENVIRONMENT: "production",
      EMAIL_API_URL: "https://mail-api.example/send",
      EMAIL_API_KEY: "test-key",
      EMAIL_FROM: "Cardshare <noreply@cardshare.example>",
    });
    const sent: unknown[] = [];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response("{}", { status: 200 });
    });
    try {
      const subject = `Named ${crypto.randomUUID()}`;
      await createMailer(production, testDb()).send({
        to: "other@outbox.test",
        subject,
        text: "Someone says",
        html: "<p>Someone says</p>",
        aboutUserId: user.id,
      });
      expect(sent).toEqual([
        {
          from: "Cardshare <noreply@cardshare.example>",
          to: "other@outbox.test",
          subject,
          text: "Someone says",
          html: "<p>Someone says</p>",
        },
      ]);
      const [row] = await testDb().select().from(emailOutbox).where(eq(emailOutbox.subject, subject));
      expect(row).toMatchObject({ aboutUserId: user.id, sentAt: expect.any(Date) });
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
