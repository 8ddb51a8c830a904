/**
 * A visitor's key for one UTC day (docs/product.md#privacy, ADR 173), so a visitor's view of a
 * shared referral counts once a day without keeping anything about them: a keyed hash (HMAC-SHA-256
 * under a key derived from SESSION_SECRET) of the day, the address Cloudflare reports and the
 * browser's User-Agent. Neither the address nor the browser is stored, the hash cannot be reversed
 * or recomputed without the secret, the day in it makes the same visitor unlinkable from one day to
 * the next, and the cron deletes past days' keys.
 */
import { hmacHex } from "~/utils/crypto.server";

/** Marks a visitor's key beside members' ids in referral_views.viewer. */
export const VISITOR_PREFIX = "visitor:";

/** Who a visitor is as far as the request says (`requestMeta`): never stored. */
export interface VisitorMeta {
  ip: string;
  userAgent: string | null;
}

export async function visitorKey(secret: string, { ip, userAgent }: VisitorMeta, day: number): Promise<string> {
  const hash = await hmacHex(`${secret}:visitor-views`, `${day}\n${ip}\n${userAgent ?? ""}`);
  return `${VISITOR_PREFIX}${hash.slice(0, 32)}`;
}
