import { createCookie, redirect, type AppLoadContext, type Cookie } from "@remix-run/cloudflare";
import { getServices } from "./services.server";

import { ToastSchema, type Toast, type ToastInput } from "~/utils/toast";

export { ToastSchema, type Toast, type ToastInput };

const TOAST_COOKIE = "__toast";
/** One cookie object per secret (an isolate serves one): creating it on every page was ~1.5% of its CPU. */
const cookies = new Map<string, Cookie>();

function toastCookie(context: AppLoadContext) {
  const secret = getServices(context).env.SESSION_SECRET;
  let cookie = cookies.get(secret);
  if (!cookie) {
    cookie = createCookie(TOAST_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secrets: [secret] });
    cookies.set(secret, cookie);
  }
  return cookie;
}

/** A Set-Cookie header carrying one toast to the next page the browser loads. */
async function createToastHeaders(context: AppLoadContext, input: ToastInput): Promise<Headers> {
  const toast = ToastSchema.parse(input);
  return new Headers({ "Set-Cookie": await toastCookie(context).serialize(toast) });
}

/** Redirects with a flash toast (the spec's success texts travel this way). */
export async function redirectWithToast(
  context: AppLoadContext,
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
): Promise<Response> {
  const headers = new Headers(init?.headers);
  for (const [key, value] of await createToastHeaders(context, toast)) headers.append(key, value);
  return redirect(url, { ...init, headers });
}

/** Reads and clears the flash toast of a request. */
export async function getToast(request: Request, context: AppLoadContext) {
  const header = request.headers.get("Cookie");
  // Most pages carry no toast: nothing to verify or clear.
  if (!header?.includes(`${TOAST_COOKIE}=`)) return { toast: null, headers: null };
  const cookie = toastCookie(context);
  const raw = await cookie.parse(header);
  const parsed = ToastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    headers: raw ? new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) }) : null,
  };
}
