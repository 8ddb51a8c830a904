/**
 * docs/product.md#sessions: a 401 on any in-page call other than a sign-in call (a chat send, the
 * unread poll, a fetcher's post) means the session is over. The browser drops what it holds of it
 * (the server is asked to clear the cookie, and a full page load resets every page's state) and
 * goes to /auth, which brings the member back to this page once signed in.
 */

import { useFetchers } from "@remix-run/react";
import { useEffect } from "react";
import { SIGN_IN_REQUIRED, type FormFailure } from "~/core/form-failure";

/** Paths of sign-in calls, whose 401 means wrong credentials rather than a lost session (the spec's rule). */
const SIGN_IN_CALL = /login|register|google-auth/;

let leaving = false;

/** Where /auth brings the member back to: the page they were on. */
export function signInUrl(location: Pick<Location, "pathname" | "search">) {
  return `/auth?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`;
}

/** Ends the lost session in this browser and goes to /auth (once, however many calls failed). */
export function signInAgain() {
  if (leaving) return;
  leaving = true;
  const target = signInUrl(window.location);
  void fetch("/auth/logout", { method: "POST", body: new FormData() })
    .catch(() => undefined)
    .finally(() => window.location.assign(target));
}

/**
 * Checks an in-page call's answer: a 401 from anything but a sign-in call sends the member to sign
 * in again and returns true (the caller stops there).
 */
export function handleUnauthorized(status: number, url: string) {
  if (status !== 401 || SIGN_IN_CALL.test(url)) return false;
  signInAgain();
  return true;
}

/** Whether a fetcher's answer is a post refused for want of a session. */
export function isSignInRequired(data: unknown): boolean {
  return typeof data === "object" && data !== null && (data as Partial<FormFailure>).code === SIGN_IN_REQUIRED;
}

/**
 * For the root: any fetcher of the page whose post was refused for want of a session (the kit's
 * 401 with SIGN_IN_REQUIRED) sends the member to sign in again. Page actions already redirect to
 * /auth by themselves.
 */
export function useSignInOnLostSession() {
  const fetchers = useFetchers();
  const lost = fetchers.some((fetcher) => isSignInRequired(fetcher.data));
  useEffect(() => {
    if (lost) signInAgain();
  }, [lost]);
}
