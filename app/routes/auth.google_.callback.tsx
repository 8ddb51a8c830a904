import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createSession, serializeSessionCookie } from "~/modules/auth/session.server";
import { createGoogleAuthenticator, GOOGLE_MESSAGES, isGoogleEnabled } from "~/modules/auth/google.server";
import { DomainError } from "~/utils/api.server";
import { shouldUseSecureCookies } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Google sends the browser back here: check state, exchange the code, sign in, go to '/'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const services = getServices(context);
  if (!isGoogleEnabled(services)) throw new Response("Not found", { status: 404 });
  const secure = shouldUseSecureCookies(request);
  let user;
  try {
    user = await createGoogleAuthenticator(services, secure).authenticate("google", request, { throwOnError: true });
  } catch (error) {
    if (error instanceof Response) throw error;
    const message =
      error instanceof DomainError
        ? error.message
        : (error as { cause?: unknown }).cause instanceof DomainError
          ? (error as { cause: DomainError }).cause.message
          : GOOGLE_MESSAGES.popupClosed;
    throw await redirectWithToast(context, "/auth", { type: "error", description: message });
  }
  const session = await createSession(services.db, user.id, {
    remember: false,
    userAgent: request.headers.get("User-Agent"),
  });
  const headers = new Headers();
  headers.append("Set-Cookie", serializeSessionCookie(session.token, { remember: false, secure }));
  headers.append("Set-Cookie", `__google_oauth=; Path=/auth/google; Max-Age=0; HttpOnly; SameSite=Lax`);
  throw await redirectWithToast(context, "/", { type: "success", description: GOOGLE_MESSAGES.success }, { headers });
}
