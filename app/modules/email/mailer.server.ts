import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { emailOutbox } from "../../../db/schema";
import type { AppEnv } from "~/utils/env.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The member a mail to someone else names: kept beside the mail in the outbox (never sent), so
   * deleting that member's account deletes the mail too (docs/decisions/153-deletion-and-export-cover-everything.md).
   */
  aboutUserId?: string;
  /** The notification kind it is (null: an account mail), ADR 180. */
  kind?: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on a notification (RFC 8058). */
  headers?: Record<string, string>;
  /** Sent at most once per key (the queue's idempotency key, ADR 180). */
  idempotencyKey?: string;
}

/** The one way the app sends email. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

/** Every message is written to the outbox; in development that is where it stays (/dev/mail). */
class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}
  async send(email: OutgoingEmail) {
    await this.db.insert(emailOutbox).values(email).onConflictDoNothing();
  }
}

/** Whether a mail with this idempotency key was already sent (a retried queue batch, ADR 180). */
async function alreadySent(db: Db, key: string | undefined) {
  if (!key) return false;
  const row = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.idempotencyKey, key))
    .get();
  return row !== undefined;
}

/**
 * Production: an HTTP email API taking `{ from, to, subject, text, html }` with a bearer key (the
 * shape of Resend and similar services), recorded in the outbox once delivered.
 */
class HttpApiMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly config: { url: string; key: string; from: string },
  ) {}
  async send(email: OutgoingEmail) {
    const { to, subject, text, html, headers, idempotencyKey } = email;
    if (await alreadySent(this.db, idempotencyKey)) return;
    const response = await fetch(this.config.url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${this.config.key}`,
        "Content-Type": "application/json",
        // The provider's own guard for a crash between its answer and our record (Resend and others).
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      },
      body: JSON.stringify({ from: this.config.from, to, subject, text, html, ...(headers ? { headers } : {}) }),
    });
    if (!response.ok) throw new Error(`Email API answered ${response.status}`);
    try {
      await this.db
        .insert(emailOutbox)
        .values({ ...email, sentAt: new Date() })
        .onConflictDoNothing();
    } catch (error) {
      // Sent: a retry must not send it again (the member it names may have just left, ADR 153).
      console.error("email: sent but not recorded", error);
    }
  }
}

/** What production needs to send email; the deploy check (scripts/lib/deploy-check.ts) asks for each. */
export const EMAIL_SETTINGS = ["EMAIL_API_URL", "EMAIL_API_KEY", "EMAIL_FROM"] as const;

/**
 * Production sends through the HTTP API; development keeps mail in the outbox, unless the three
 * settings are given (the workerd tests point them at a fake provider, tests/fixtures/fake-mail.ts).
 */
export function createMailer(env: AppEnv, db: Db): Mailer {
  const configured = env.EMAIL_API_URL && env.EMAIL_API_KEY && env.EMAIL_FROM;
  if (env.ENVIRONMENT === "development" && !configured) return new OutboxMailer(db);
  if (!env.EMAIL_API_URL || !env.EMAIL_API_KEY || !env.EMAIL_FROM) {
    throw new Error(`${EMAIL_SETTINGS.join(", ")} must be set to send email in production`);
  }
  return new HttpApiMailer(db, { url: env.EMAIL_API_URL, key: env.EMAIL_API_KEY, from: env.EMAIL_FROM });
}

const LINK_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/** The outbox, newest first, with the links of each message pulled out for tests and /dev/mail. */
export async function listOutbox(db: Db, limit = 50) {
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      headers: emailOutbox.headers,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    headers: row.headers ?? {},
    links: [...new Set(row.text.match(LINK_PATTERN) ?? [])],
  }));
}
