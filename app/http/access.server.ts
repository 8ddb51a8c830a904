/**
 * Who may call a route, checked by the kit before any input is read: `anyone`, a signed-in
 * `member`, an `admin`, or (pages only) a `visitor` who is not signed in.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ADMIN_ONLY_MESSAGE } from "~/core/actor";
import { DomainError } from "~/core/errors";
import type { SessionUser } from "~/modules/auth/session.server";
import { getOptionalUser } from "~/http/auth.server";

export type Access = "anyone" | "member" | "admin";

/** The user a route's `run` receives: possibly none for `anyone`, always one otherwise. */
export type UserFor<A extends Access> = A extends "anyone" ? SessionUser | null : SessionUser;

export const SIGN_IN_MESSAGE = "Please sign in to continue.";

/** For /api routes: 401 without a session, 403 for a member on an admin route (as DomainErrors). */
export async function apiCaller<A extends Access>(
  request: Request,
  context: AppLoadContext,
  access: A,
): Promise<UserFor<A>> {
  const user = await getOptionalUser(request, context);
  if (access === "anyone") return user as UserFor<A>;
  if (!user) throw new DomainError(401, SIGN_IN_MESSAGE);
  if (access === "admin" && !user.isAdmin) throw new DomainError(403, ADMIN_ONLY_MESSAGE, undefined, "ADMIN_ONLY");
  return user as UserFor<A>;
}
