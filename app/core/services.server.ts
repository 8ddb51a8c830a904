/**
 * What every domain function reaches through its context (ADR 091): the environment, the database,
 * `waitUntil`, the realtime rooms and the edge cache's purge. The route kit builds it per request
 * (`getServices` in app/http/services.server.ts).
 */
import type { Db } from "../../db/client";
// The rooms' port is the realtime domain's interface; a type-only import, erased at build (ADR 091).
// eslint-disable-next-line no-restricted-imports
import type { Realtime } from "~/modules/realtime/realtime.server";
import type { AppEnv } from "~/utils/env.server";
// The notifications queue's producer port, a type-only import too (ADR 180).
// eslint-disable-next-line no-restricted-imports
import type { NotificationQueue } from "~/modules/notifications/messages.server";

export interface Services {
  env: AppEnv;
  db: Db;
  /** Work that may finish after the response (emails whose timing must not reveal anything). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The realtime rooms (Durable Object bindings): fan-out, and closing a user's sockets. */
  realtime: Realtime;
  /** The notifications queue's producer (ADR 180): `notify()` is the one thing that sends on it. */
  notifications: NotificationQueue;
  /**
   * Drops the edge cache's copies of public pages after a write that changes them (ADR 062), in
   * waitUntil; the paths may be read from the database first. Absent where nothing is cached
   * (`remix vite:dev`, rooms, the cron).
   */
  purgePages?: (paths: () => Promise<string[]>) => void;
}
