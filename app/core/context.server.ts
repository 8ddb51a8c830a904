/**
 * The one first argument of every domain function (docs/architecture.md#conventions):
 * `fn(ctx, input)`. Built once per request by the route kit (or by a room, or the cron), it carries
 * the database, the environment, the realtime rooms, `waitUntil`, and who is acting.
 */
import type { Services } from "./services.server";
import type { Actor } from "./actor";
import { DomainError } from "./errors";

export interface Ctx extends Services {
  /** The signed-in member acting, or null for a visitor (and for system work such as the cron). */
  actor: Actor | null;
}

/** The acting member, or a 401: the first line of every members-only domain function. */
export function requireActor(ctx: Pick<Ctx, "actor">): Actor {
  if (!ctx.actor) throw new DomainError(401, "Please sign in to continue.");
  return ctx.actor;
}

/** A context for `actor` from the request's services (the kit's one place that builds it). */
export function contextFor(services: Services, actor: Actor | null): Ctx {
  return { ...services, actor: actor ? { id: actor.id, isAdmin: actor.isAdmin } : null };
}
