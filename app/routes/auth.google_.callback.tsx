import {
  createGoogleAuthenticator,
  GOOGLE_RETURN_COOKIE,
  GOOGLE_STATE_COOKIE,
  googleFailureMessage,
} from "~/http/google-redirect.server";
import { parseCookieHeader } from "~/modules/auth/session.server";
import { safeRedirect } from "~/utils/redirect";
import { pageLoader } from "~/http/page-loader.server";
import { isGoogleEnabled } from "~/modules/auth/google.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { createSession, serializeSessionCookie } from "~/modules/auth/session.server";
import { DomainError } from "~/core/errors";
import { shouldUseSecureCookies } from "~/http/auth.server";
import { redirectWithToast } from "~/http/toast.server";

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
};

/**
 * Google sends the browser back here: check the state, exchange the code, sign in and go to '/' (or the page the flow started from, its return cookie);
 * any failure goes back to /auth with its message as a toast.
 */
export const loader = pageLoader({
  access: "anyone",
  async run({ ctx, request, context }): Promise<never> {
    if (!isGoogleEnabled(ctx)) throw new DomainError(404, "Not found");
    const secure = shouldUseSecureCookies(request);
    let user;
    try {
      user = await createGoogleAuthenticator(ctx, secure).authenticate("google", request, { throwOnError: true });
    } catch (error) {
      if (error instanceof Response) throw error;
      throw await redirectWithToast(context, "/auth", { type: "error", description: googleFailureMessage(error) });
    }
    const session = await createSession(ctx.db, user.id, {
      remember: false,
      userAgent: request.headers.get("User-Agent"),
    });
    const headers = new Headers();
    headers.append("Set-Cookie", serializeSessionCookie(session.token, { remember: false, secure }));
    headers.append("Set-Cookie", `${GOOGLE_STATE_COOKIE}=; Path=/auth/google; Max-Age=0; HttpOnly; SameSite=Lax`);
    headers.append("Set-Cookie", `${GOOGLE_RETURN_COOKIE}=; Path=/auth/google; Max-Age=0; HttpOnly; SameSite=Lax`);
    const saved = parseCookieHeader(request.headers.get("Cookie"))[GOOGLE_RETURN_COOKIE];
    throw await redirectWithToast(
      context,
      safeRedirect(saved ? safeDecode(saved) : null),
      { type: "success", description: AUTH_MESSAGES.googleSuccess },
      { headers },
    );
  },
});
