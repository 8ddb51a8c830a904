/**
 * The Worker entry: realtime rooms first (authenticated before any Durable Object runs), then
 * Remix for every page and /api route. Static files under build/client are served by Workers
 * assets before this code runs.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "remix-server-build";
import { refreshRotationSlot, slotToRefresh } from "./app/modules/referrals/rotation.server";
import { environmentForRequest, EnvError, parseEnv } from "./app/utils/env.server";
import { pruneRateLimitHits } from "./app/utils/rate-limit.server";
import { vetExistingLinks } from "./app/modules/links/review.server";
import { checkLinkBatch } from "./app/modules/links/check.server";
import { pruneReferralViews } from "./app/modules/analytics/rollup.server";
import { refuseUnansweredMethod, routeIdOf } from "./app/http/method-refusal.server";
import { createNonce, withSecurityHeaders } from "./app/utils/security-headers.server";
import { readSessionToken } from "./app/http/session-token.server";
import { openD1Session, withBookmark } from "./app/http/d1-session.server";
import { isRoomPath, routeRoomRequest } from "./party";
import { countD1Calls } from "./app/utils/d1-meter.server";
import type { Invocation } from "./app/core/log";
import { observeRequest } from "./app/http/request-log.server";
import { runScheduledSteps, type ScheduledStep } from "./app/http/scheduled.server";
import { edgeCache, edgeCacheKey, fromEdgeCache, toEdgeCache } from "./app/http/edge-cache.server";
import { remindLateShares } from "./app/modules/outcomes/late.server";
import { consumeNotifications } from "./app/modules/notifications/consumer.server";
import { sendWeeklyDigests } from "./app/modules/notifications/digest.server";
import { sweepLateShares } from "./app/modules/shares/late.server";

/** The rooms' Durable Object classes, by their registry names (app/modules/realtime/rooms.ts). */
export { ChatRoom, UserNotifications } from "./party";

const handleRemixRequest = createRequestHandler(build);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request a browser sent from another site. Browsers always say where a POST
 * comes from (Origin, or Sec-Fetch-Site); API clients using a bearer token send neither.
 */
function isCrossSiteMutation(request: Request, allowedOrigins: string[]) {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin) return !allowedOrigins.includes(origin);
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

function jsonError(status: number, message: string) {
  return Response.json({ success: false, message }, { status });
}

/**
 * Every 15 minutes (wrangler.toml [triggers]): re-draw one slot of the /apply fair rotation, drop
 * rate-limit events older than any window and views of past days (ADR 173), and look at referral links: links older than the link
 * rules are flagged a batch at a time, then a few live links are fetched and what they answered
 * recorded (neither hides anything, docs/decisions/155). Each step runs on its own (ADR 065). No
 * client waits on them, so they use the primary binding, not a session (ADR 008).
 */
export const SCHEDULED_STEPS: readonly ScheduledStep[] = [
  { name: "rotation", run: (db, time) => refreshRotationSlot(db, slotToRefresh(time)) },
  { name: "rate-limits", run: (db, time) => pruneRateLimitHits(db, time) },
  { name: "referral-views", run: (db, time) => pruneReferralViews(db, time) },
  { name: "link-review", run: (db) => vetExistingLinks(db) },
  {
    name: "link-check",
    run: (db, time, notifications) => checkLinkBatch(db, { now: new Date(time), notifications }),
  },
  // Shares past their deadline count against their referrer until paid, who is called back once
  // (docs/decisions/185, 180).
  {
    name: "late-shares",
    run: async (db, time, notifications) => {
      await sweepLateShares(db, time);
      return remindLateShares({ db, notifications }, time);
    },
  },
  // The weekly digest for those who turned it on: due from Monday 08:00 UTC, a batch a run (ADR 182).
  { name: "digest", run: (db, time, notifications) => sendWeeklyDigests({ db, notifications }, time) },
];

/** One request's answer: rooms, then Remix (the default export observes it). */
async function answer(
  request: Request<unknown, IncomingRequestCfProperties>,
  workerEnv: Env,
  ctx: ExecutionContext,
  url: URL,
  invocation: Invocation,
) {
  const env = environmentForRequest(workerEnv, url);
  const nonce = createNonce();
  const session = readSessionToken(request);
  const signedIn = session !== null;
  const secure = (response: Response, googleAuthOrigin?: string) =>
    withSecurityHeaders(response, { nonce, url, signedIn, googleAuthOrigin });
  let appEnv;
  try {
    appEnv = parseEnv(env as unknown as Record<string, unknown>);
  } catch (error) {
    if (error instanceof EnvError) return secure(new Response(error.message, { status: 500 }));
    throw error;
  }
  const allowedOrigins = [appEnv.APP_ORIGIN, url.origin];
  if (isCrossSiteMutation(request, allowedOrigins)) {
    return secure(jsonError(403, "Cross-site requests are not allowed."));
  }
  const googleAuthOrigin = appEnv.GOOGLE_AUTH_URL ? new URL(appEnv.GOOGLE_AUTH_URL).origin : undefined;

  // A visitor's public page comes from this data centre's cache when it has a copy (ADR 062).
  const cacheKey = edgeCacheKey(request, url, build.assets.version);
  const cached = cacheKey && (await fromEdgeCache(edgeCache(), cacheKey, nonce));
  if (cached) return secure(cached, googleAuthOrigin);

  // Every query of this request runs in one D1 session from the client's bookmark (ADR 008).
  const d1 = openD1Session(env.DB, request);
  const bookmarked = (response: Response) => withBookmark(response, d1, { secure: url.protocol === "https:" });

  if (isRoomPath(url.pathname)) {
    const roomResponse = await routeRoomRequest(request, env, {
      allowedOrigins,
      token: session?.token ?? null,
      d1: d1.session,
      invocation,
    });
    if (roomResponse) return secure(bookmarked(roomResponse));
  }

  const refusal = refuseUnansweredMethod(build.routes, request, url);
  if (refusal) return secure(refusal);

  const response = await handleRemixRequest(request, {
    cloudflare: { env, ctx, cf: request.cf, caches } as never,
    cspNonce: nonce,
    d1Session: d1.session,
    edge: { origin: url.origin, version: build.assets.version },
    invocation,
  });
  const shared = cacheKey ? toEdgeCache(edgeCache(), cacheKey, response, (p) => ctx.waitUntil(p)) : response;
  return secure(bookmarked(shared), googleAuthOrigin);
}

export default {
  /**
   * Each request observed (ADR 065): its id, route, D1 calls and who asked, one log line, errors
   * reported. The bench serves this entry inside its own (bench/metered-worker.ts, ADR 210).
   */
  async fetch(request, workerEnv, ctx) {
    const url = new URL(request.url);
    // The log line's D1 calls: counted only (ADR 066); the bench meters the rest from outside.
    const d1 = countD1Calls(workerEnv.DB);
    const route = isRoomPath(url.pathname) ? "party" : (routeIdOf(build.routes, request, url) ?? "unmatched");
    return observeRequest(request, workerEnv, ctx, { route, d1Calls: d1.calls }, (invocation) =>
      answer(request, { ...workerEnv, DB: d1.db }, ctx, url, invocation),
    );
  },

  async scheduled(controller, env, ctx) {
    await runScheduledSteps(SCHEDULED_STEPS, env, ctx, controller.scheduledTime);
  },

  /** The notifications queue and its dead-letter queue (wrangler.toml [[queues.consumers]], ADR 180). */
  async queue(batch, env, _ctx) {
    await consumeNotifications(batch, env);
  },
} satisfies ExportedHandler<Env>;
