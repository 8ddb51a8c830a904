import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { checkVerificationToken, verifyEmail } from "~/modules/auth/accounts.server";
import { toApiUser } from "~/modules/auth/present";
import { VERIFY_NO_TOKEN, VerifyEmailSchema } from "~/modules/auth/schemas";
import { apiRoute, apiSuccess, DomainError, methodNotAllowed } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

function readToken(value: unknown): string {
  const parsed = VerifyEmailSchema.safeParse({ token: value ?? undefined });
  if (!parsed.success) throw new DomainError(400, VERIFY_NO_TOKEN);
  return parsed.data.token;
}

/**
 * GET /api/users/verify-email?token= (the spec's call) checks a link without spending it: mail
 * scanners and link previews open GET links. POST verifies (docs/decisions/081).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const token = readToken(new URL(request.url).searchParams.get("token"));
    return apiSuccess({ valid: true, ...(await checkVerificationToken(getServices(context), token)) });
  });
}

/**
 * POST /api/users/verify-email {token} (or ?token=): verifies the address. A client without a
 * session gets one (`token`, as the spec's verification response has); a client signed in to
 * another account keeps its own session and is told to sign in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return apiRoute(async () => {
    const isJson = request.headers.get("Content-Type")?.includes("application/json") ?? false;
    const body = isJson ? ((await request.json().catch(() => null)) as { token?: unknown } | null) : null;
    const token = readToken(body?.token ?? new URL(request.url).searchParams.get("token"));
    const current = await getOptionalUser(request, context);
    const { user, session, signedIn, message } = await verifyEmail(getServices(context), token, {
      currentUserId: current?.id ?? null,
      userAgent: request.headers.get("User-Agent"),
    });
    return apiSuccess({
      message,
      signedIn,
      // Another account's client learns only that the address it holds the link for is verified.
      user: signedIn ? toApiUser(user) : { email: user.email },
      ...(session ? { token: session.token } : {}),
    });
  });
}
