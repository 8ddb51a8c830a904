import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SessionUser } from "~/modules/auth/session.server";
import { DomainError } from "~/utils/api.server";
import { ADMIN_ONLY_MESSAGE, requireUser } from "~/utils/auth.server";

export type Actor = Pick<SessionUser, "id" | "isAdmin">;

/**
 * Every admin domain function starts here, so the role is checked on the server whichever adapter
 * (HTML action, /api route) called it.
 */
export function assertAdmin(actor: Actor | null): asserts actor is Actor {
  if (!actor?.isAdmin) throw new DomainError(403, ADMIN_ONLY_MESSAGE, undefined, "ADMIN_ONLY");
}

/**
 * For admin page actions: visitors go to /auth, signed-in non-admins get a 403 (a crafted post;
 * the pages themselves already sent them to '/' with the spec's toast).
 */
export async function requireAdminAction(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!user.isAdmin) throw new Response(ADMIN_ONLY_MESSAGE, { status: 403 });
  return user;
}
