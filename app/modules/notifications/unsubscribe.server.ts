/**
 * The signed one-click unsubscribe link of a notification mail (RFC 8058): it names one member, one
 * kind and one channel, expires, and is signed with HMAC-SHA256 under SESSION_SECRET (with a label
 * of its own, so no other signature of that secret can pass for it). Nothing is stored.
 */
import type { AppEnv } from "~/utils/env.server";
import { DomainError } from "~/core/errors";
import { fromBase64url, hmacKey, toBase64url } from "~/utils/crypto.server";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_MESSAGES } from "./kinds";
import type { NotificationChannel, NotificationKind } from "./kinds";

export const UNSUBSCRIBE_PATH = "/notifications/unsubscribe";
/** Long enough for a mail read weeks later; a mail older than this has a newer one with a fresh link. */
export const UNSUBSCRIBE_TOKEN_MS = 90 * 24 * 60 * 60 * 1000;

export interface UnsubscribeGrant {
  userId: string;
  kind: NotificationKind;
  channel: NotificationChannel;
  expiresAt: number;
}

const encoder = new TextEncoder();
const signingKey = (env: Pick<AppEnv, "SESSION_SECRET">) => hmacKey(`${env.SESSION_SECRET}:unsubscribe`);

const payloadOf = (grant: UnsubscribeGrant) =>
  [grant.userId, grant.kind, grant.channel, grant.expiresAt.toString(36)].join(".");

/** The token: `userId.kind.channel.expiry.mac`. */
export async function signUnsubscribe(env: Pick<AppEnv, "SESSION_SECRET">, grant: UnsubscribeGrant) {
  const payload = payloadOf(grant);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey(env), encoder.encode(payload)));
  return `${payload}.${toBase64url(mac)}`;
}

/** The absolute one-click URL for a mail's List-Unsubscribe header. */
export async function unsubscribeUrl(env: Pick<AppEnv, "SESSION_SECRET" | "APP_ORIGIN">, grant: UnsubscribeGrant) {
  const url = new URL(UNSUBSCRIBE_PATH, env.APP_ORIGIN);
  url.searchParams.set("token", await signUnsubscribe(env, grant));
  return url.toString();
}

/** What a token grants; a 400 saying which: forged (or malformed) or expired. */
export async function readUnsubscribe(
  env: Pick<AppEnv, "SESSION_SECRET">,
  token: string | null,
  now = Date.now(),
): Promise<UnsubscribeGrant> {
  const forged = new DomainError(400, NOTIFICATION_MESSAGES.badToken);
  const parts = (token ?? "").split(".");
  if (parts.length !== 5 || parts.some((part) => part === "")) throw forged;
  const [userId, kind, channel, expiry, mac] = parts as [string, string, string, string, string];
  let valid = false;
  try {
    valid = await crypto.subtle.verify(
      "HMAC",
      await signingKey(env),
      fromBase64url(mac),
      encoder.encode([userId, kind, channel, expiry].join(".")),
    );
  } catch {
    throw forged;
  }
  if (
    !valid ||
    !(NOTIFICATION_KINDS as readonly string[]).includes(kind) ||
    !(NOTIFICATION_CHANNELS as readonly string[]).includes(channel)
  ) {
    throw forged;
  }
  const expiresAt = parseInt(expiry, 36);
  if (!Number.isFinite(expiresAt)) throw forged;
  if (expiresAt < now) throw new DomainError(400, NOTIFICATION_MESSAGES.expiredToken);
  return { userId, kind: kind as NotificationKind, channel: channel as NotificationChannel, expiresAt };
}
