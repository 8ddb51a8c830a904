/**
 * The soak's Worker entry (bench/soak/run.ts, docs/decisions/220): the production Worker
 * (server.ts) and its rooms, unchanged, with the soak's D1 fault wired around them. With
 * SOAK_D1_DELAY_MS > 0 every D1 round trip of a request, a room and the queue consumer waits that
 * long first (slow-d1.ts); without it this entry is server.ts.
 */
import worker, { ChatRoom as ProductionChatRoom, UserNotifications as ProductionUserNotifications } from "../../server";
import { slowD1 } from "./slow-d1";

function slowEnv(env: Env): Env {
  const ms = Number((env as unknown as Record<string, unknown>).SOAK_D1_DELAY_MS ?? 0);
  return ms > 0 ? { ...env, DB: slowD1(env.DB, ms) } : env;
}

export class ChatRoom extends ProductionChatRoom {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, slowEnv(env));
  }
}

export class UserNotifications extends ProductionUserNotifications {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, slowEnv(env));
  }
}

export default {
  fetch: (request, env, ctx) => worker.fetch(request, slowEnv(env), ctx),
  scheduled: (controller, env, ctx) => worker.scheduled(controller, slowEnv(env), ctx),
  queue: (batch, env, ctx) => worker.queue(batch, slowEnv(env), ctx),
} satisfies ExportedHandler<Env>;
