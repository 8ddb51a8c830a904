import type { SessionUser } from "~/modules/auth/session.server";
import { DomainError } from "~/utils/api.server";
import { ADMIN_ONLY_MESSAGE } from "~/utils/auth.server";

export type Actor = Pick<SessionUser, "id" | "isAdmin">;

/**
 * Every admin domain function starts here, so the role is checked on the server whichever adapter
 * (HTML action, /api route) called it.
 */
export function assertAdmin(actor: Actor | null): asserts actor is Actor {
  if (!actor?.isAdmin) throw new DomainError(403, ADMIN_ONLY_MESSAGE, undefined, "ADMIN_ONLY");
}
