// Bindings and variables of the Worker (wrangler.toml, .dev.vars). Kept by hand in the shape
// `wrangler types` produces; plain variables are validated at run time by app/utils/env.server.ts.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    ChatRoom: DurableObjectNamespace<import("./app/modules/chats/room/chat-room.server").ChatRoom>;
    UserNotifications: DurableObjectNamespace<import("./party/user-notifications").UserNotifications>;
    NOTIFICATIONS: Queue<import("./app/modules/notifications/messages.server").NotificationMessage>;
    /** The share-image Worker (og/, docs/decisions/201). */
    OG: Fetcher;
    ENVIRONMENT: string;
    APP_ORIGIN: string;
    SESSION_SECRET: string;
    SUPPORT_EMAIL: string;
    SOCIAL_URL?: string;
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    GOOGLE_AUTH_URL?: string;
    GOOGLE_TOKEN_URL?: string;
    GOOGLE_USERINFO_URL?: string;
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    STRIPE_API_HOST?: string;
    STRIPE_API_PORT?: string;
    STRIPE_API_PROTOCOL?: string;
    EMAIL_API_URL?: string;
    EMAIL_API_KEY?: string;
    EMAIL_FROM?: string;
    RATE_LIMIT_MULTIPLIER?: string;
    NOTIFICATION_RETRY_SECONDS?: string;
    SENTRY_DSN?: string;
  }
}
interface Env extends Cloudflare.Env {}

declare module "remix-server-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}
