/**
 * Who may call a route, and the one guard every kind of route runs before it reads any input
 * (docs/decisions/094-one-way-in.md). The access words are the same for /api routes, page loaders
 * and form actions: `anyone`, a signed-in `member`, an `admin`, or a `visitor` who is not signed
 * in (sign-in, registration). Who is refused is decided once (`refusalOf`); how the refusal is
 * said depends only on who asked: an /api client gets the envelope's 401/403, a page goes to
 * /auth (and back) or home with the spec's toast, a crafted form post gets a plain 403.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ADMIN_ONLY_MESSAGE } from "~/core/actor";
import { DomainError } from "~/core/errors";
import type { SessionUser } from "~/modules/auth/session.server";
import { getOptionalUser, requireAdmin, requireAnonymous, requireUser } from "~/http/auth.server";

export type Access = "anyone" | "member" | "admin" | "visitor";
/** /api routes have no visitor-only operation: a client signs in by calling one open to anyone. */
export type ApiAccess = Exclude<Access, "visitor">;

/** The user a route's `run` receives for its access: always one for members and admins, none for visitors. */
export type UserFor<A extends Access> = A extends "member" | "admin"
  ? SessionUser
  : A extends "visitor"
    ? null
    : SessionUser | null;

export const SIGN_IN_MESSAGE = "Please sign in to continue.";

/** Who asks: an /api client, a page's loader, or a form's post. */
type Caller = "api" | "page" | "form";

type Refusal = "sign-in" | "admin-only" | "signed-in";

/** Why `user` may not call a route of `access` (null when they may): the one rule. */
function refusalOf(access: Access, user: SessionUser | null): Refusal | null {
  if (access === "anyone") return null;
  if (access === "visitor") return user ? "signed-in" : null;
  if (!user) return "sign-in";
  return access === "admin" && !user.isAdmin ? "admin-only" : null;
}

/** How each caller is told (each throws). */
const ANSWERS: Record<Caller, (refusal: Refusal, request: Request, context: AppLoadContext) => Promise<never>> = {
  // No /api route is visitor-only (ApiAccess), so a refusal there is 401 or the admin's 403.
  async api(refusal) {
    if (refusal === "sign-in") throw new DomainError(401, SIGN_IN_MESSAGE);
    throw new DomainError(403, ADMIN_ONLY_MESSAGE, undefined, "ADMIN_ONLY");
  },
  async page(refusal, request, context) {
    if (refusal === "sign-in") await requireUser(request, context);
    else if (refusal === "admin-only") await requireAdmin(request, context);
    else await requireAnonymous(request, context);
    throw new Error(`refusal '${refusal}' was not answered`);
  },
  async form(refusal, request, context) {
    // Pages already send members home with a toast; a crafted post gets a plain 403.
    if (refusal === "admin-only") throw new Response(ADMIN_ONLY_MESSAGE, { status: 403 });
    return ANSWERS.page(refusal, request, context);
  },
};

/** The caller's user when `access` lets them in; otherwise the refusal, as `caller` is told it. */
export async function guard<A extends Access>(
  caller: Caller,
  access: A,
  request: Request,
  context: AppLoadContext,
): Promise<UserFor<A>> {
  const user = await getOptionalUser(request, context);
  const refusal = refusalOf(access, user);
  if (refusal) await ANSWERS[caller](refusal, request, context);
  return user as UserFor<A>;
}
