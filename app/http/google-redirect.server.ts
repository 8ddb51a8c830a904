/**
 * The browser's Google sign-in, through remix-auth-google: /auth/google sends the browser to
 * Google with a signed `state` cookie, /auth/google/callback checks it and exchanges the code.
 * HTTP glue only: who the Google account is, and which Cardshare account it signs in to, are the
 * auth domain's (modules/auth/google.server.ts), as for API clients.
 */
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { DomainError } from "~/core/errors";
import {
  fetchGoogleIdentity,
  findOrCreateGoogleUser,
  googleEndpoints,
  type GoogleIdentity,
} from "~/modules/auth/google.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import type { SessionUser } from "~/modules/auth/session.server";
import { shouldUseSecureCookies } from "~/http/auth.server";
import type { Services } from "~/core/services.server";

/** The short-lived cookie holding only the OAuth `state` (cleared by the callback). */
export const GOOGLE_STATE_COOKIE = "__google_oauth";

/** Where the browser returns after Google (a path on this site), kept across the flow beside the state. */
export const GOOGLE_RETURN_COOKIE = "__google_return";

/** remix-auth-google with our endpoints and userinfo reader. */
class CardshareGoogleStrategy extends GoogleStrategy<SessionUser> {
  constructor(services: Services, verify: (identity: GoogleIdentity) => Promise<SessionUser>) {
    const { env } = services;
    super(
      {
        clientID: env.GOOGLE_CLIENT_ID ?? "",
        clientSecret: env.GOOGLE_CLIENT_SECRET ?? "",
        callbackURL: new URL("/auth/google/callback", env.APP_ORIGIN).toString(),
        scope: "openid email profile",
        prompt: "select_account",
      },
      async ({ accessToken }) => {
        const identity = await fetchGoogleIdentity(services, accessToken);
        if (!identity) throw new Error(AUTH_MESSAGES.googleFailed);
        return verify(identity);
      },
    );
    this.authorizationURL = googleEndpoints(services).authorization;
    this.tokenURL = googleEndpoints(services).token;
  }

  /** The verify callback reads the identity itself; the library's profile is not used. */
  protected async userProfile(): Promise<GoogleProfile> {
    return { provider: "google" } as GoogleProfile;
  }
}

/**
 * The browser flow. Only the OAuth `state` lives in this short signed cookie; the Cardshare
 * session is created by the callback route like any other sign-in.
 */
export function createGoogleAuthenticator(services: Services, secure: boolean) {
  const stateStorage = createCookieSessionStorage({
    cookie: {
      name: GOOGLE_STATE_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/auth/google",
      maxAge: 10 * 60,
      secure,
      secrets: [services.env.SESSION_SECRET],
    },
  });
  const authenticator = new Authenticator<SessionUser>(stateStorage);
  authenticator.use(
    new CardshareGoogleStrategy(services, (identity) => findOrCreateGoogleUser(services, identity)),
    "google",
  );
  return authenticator;
}

/**
 * What a failed callback tells the person: the domain's words when it refused the account
 * (remix-auth wraps them as the cause), else the spec's popup text.
 */
export function googleFailureMessage(error: unknown): string {
  if (error instanceof DomainError) return error.message;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof DomainError ? cause.message : AUTH_MESSAGES.googlePopupClosed;
}

/**
 * Sends the browser to Google: throws the redirect, with the state cookie. The form's body was
 * read by the kit already, and the flow needs only the URL and headers, so it gets a copy without one.
 */
export async function redirectToGoogle(services: Services, request: Request): Promise<never> {
  const withoutBody = new Request(request.url, { headers: request.headers });
  await createGoogleAuthenticator(services, shouldUseSecureCookies(request)).authenticate("google", withoutBody);
  throw new Error("remix-auth did not redirect to Google");
}
