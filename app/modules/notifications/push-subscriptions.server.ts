/**
 * Web Push subscriptions (ADR 181): a member turns push on for a browser (Personal Info, or
 * POST /api/users/push-subscriptions) and off again; the queue's consumer pushes to each of them.
 * What a browser hands over is checked before it is kept: an https endpoint on a public host, the
 * two keys of RFC 8291 at their sizes, nothing else.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../db/client";
import { pushSubscriptions } from "../../../db/schema";
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import type { AppEnv } from "~/utils/env.server";

/** Push service URLs are a few hundred characters; more is not a browser's. */
export const MAX_ENDPOINT_LENGTH = 1024;
/** A member's browsers with push on; the oldest must go before another comes. */
export const MAX_PUSH_DEVICES = 10;
/** A subscription's JSON is under 1 KB; the route refuses a body above this (413). */
export const PUSH_BODY_LIMIT = 4 * 1024;

export const PUSH_MESSAGES = {
  notHttps: "A push endpoint must be an https:// address.",
  privateHost: "A push endpoint must be a public push service, not a local or private address.",
  badUrl: "The push endpoint is not a web address.",
  longEndpoint: `A push endpoint is at most ${MAX_ENDPOINT_LENGTH} characters.`,
  badP256dh: "The browser's public key (keys.p256dh) must be 65 bytes, an uncompressed P-256 point, in base64url.",
  badAuth: "The browser's secret (keys.auth) must be 16 bytes in base64url.",
  unknownKeys: (keys: string[]) =>
    `A push subscription holds only its endpoint, its expiry time and the browser's two keys; leave out ${keys.map((key) => `"${key}"`).join(", ")}.`,
  endpointRequired: "Give the push service's address (the endpoint), starting with https://.",
  unsubscribeEndpointRequired: "Give the address of the push service this browser subscribed at (the endpoint).",
  tooMany: `Push is on for ${MAX_PUSH_DEVICES} browsers already. Turn it off on one of them first.`,
  notConfigured: "Push notifications are not set up on this server.",
  subscribed: "Push notifications are on for this browser.",
  unsubscribed: "Push notifications are off for this browser.",
  notFound: "This browser does not get push notifications from your account.",
} as const;

/** IPv4 ranges a push service never lives in: this machine, private networks, link-local, CGNAT. */
const PRIVATE_V4 = [
  /^0\./,
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^192\.168\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];

/**
 * Whether a URL's host is this machine or a private network: loopback and private IPv4 and IPv6
 * literals (WHATWG URL has already normalised `0x7f.1` and the like), `localhost` and names under
 * `.localhost`, `.local` and `.internal`.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");
  if (host === "localhost" || /\.(localhost|local|internal)$/.test(host)) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return PRIVATE_V4.some((range) => range.test(host));
  if (!host.includes(":")) return false;
  const mapped = host.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped) return isPrivateHost(mapped[1]!);
  // ::, ::1, the IPv4-mapped form in hex, unique-local fc00::/7 and link-local fe80::/10.
  return host === "::" || host === "::1" || host.startsWith("::ffff:") || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
}

function base64UrlBytes(value: string): number | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  try {
    return atob(value.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "")).length;
  } catch {
    return null;
  }
}

const Endpoint = z
  .string({ error: PUSH_MESSAGES.endpointRequired })
  .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.longEndpoint)
  .superRefine((value, issue) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return issue.addIssue({ code: "custom", message: PUSH_MESSAGES.badUrl });
    }
    if (url.protocol !== "https:") issue.addIssue({ code: "custom", message: PUSH_MESSAGES.notHttps });
    else if (isPrivateHost(url.hostname) || url.username || url.password) {
      issue.addIssue({ code: "custom", message: PUSH_MESSAGES.privateHost });
    }
  });

const unknownKeys = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" ? PUSH_MESSAGES.unknownKeys(issue.keys ?? []) : undefined,
};

/** What `PushSubscription.toJSON()` gives, as the browser posts it. */
export const PushSubscriptionSchema = z.strictObject(
  {
    endpoint: Endpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject(
      {
        p256dh: z
          .string({ error: PUSH_MESSAGES.badP256dh })
          .max(128, PUSH_MESSAGES.badP256dh)
          .refine((value) => base64UrlBytes(value) === 65, PUSH_MESSAGES.badP256dh),
        auth: z
          .string({ error: PUSH_MESSAGES.badAuth })
          .max(32, PUSH_MESSAGES.badAuth)
          .refine((value) => base64UrlBytes(value) === 16, PUSH_MESSAGES.badAuth),
      },
      unknownKeys,
    ),
  },
  unknownKeys,
);
export type PushSubscriptionInput = z.output<typeof PushSubscriptionSchema>;

/** Which endpoint to turn off (the browser's own subscription, or one row of the device list). */
export const PushUnsubscribeSchema = z.strictObject(
  {
    endpoint: z
      .string({ error: PUSH_MESSAGES.unsubscribeEndpointRequired })
      .max(MAX_ENDPOINT_LENGTH, PUSH_MESSAGES.longEndpoint),
  },
  unknownKeys,
);

/** The VAPID pair, when both halves are set: push is offered only then. */
export function vapidKeys(env: Pick<AppEnv, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY">) {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
    ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
    : null;
}

/** "Chrome on Android": the browser and system a User-Agent names, for the list of devices. */
export function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** The member's browsers with push on, oldest first (the page's list, the API's answer). */
export function listPushDevices(db: Db, userId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      device: pushSubscriptions.device,
      createdAt: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/**
 * Keeps the browser's subscription for the acting member. The same endpoint again (the browser
 * renewed its keys, or another account signs in on it) replaces the row: a browser has one owner.
 */
export async function subscribePush(
  ctx: Pick<Ctx, "db" | "actor" | "env">,
  input: PushSubscriptionInput,
  userAgent: string | null,
) {
  const { id: userId } = requireActor(ctx);
  if (!vapidKeys(ctx.env)) throw new DomainError(503, PUSH_MESSAGES.notConfigured);
  const { db } = ctx;
  const [{ devices } = { devices: 0 }] = await db
    .select({ devices: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const known = await db
    .select({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, input.endpoint))
    .get();
  if (known?.userId !== userId && devices >= MAX_PUSH_DEVICES) throw new DomainError(409, PUSH_MESSAGES.tooMany);
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, device: deviceName(userAgent) };
  await db
    .insert(pushSubscriptions)
    .values({ endpoint: input.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  return { message: PUSH_MESSAGES.subscribed, devices: await listPushDevices(db, userId) };
}

/** Turns push off for one of the acting member's browsers, by its endpoint; another's is a 404. */
export async function unsubscribePush(ctx: Pick<Ctx, "db" | "actor">, endpoint: string) {
  const { id: userId } = requireActor(ctx);
  const gone = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw new DomainError(404, PUSH_MESSAGES.notFound);
  return { message: PUSH_MESSAGES.unsubscribed, devices: await listPushDevices(ctx.db, userId) };
}
