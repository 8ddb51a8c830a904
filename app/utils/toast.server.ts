import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getServices } from "./services.server";

import { ToastSchema, type Toast, type ToastInput } from "./toast";

export { ToastSchema, type Toast, type ToastInput };

function toastCookie(context: AppLoadContext) {
  return createCookie("__toast", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secrets: [getServices(context).env.SESSION_SECRET],
  });
}

/** A Set-Cookie header carrying one toast to the next page the browser loads. */
export async function createToastHeaders(context: AppLoadContext, input: ToastInput): Promise<Headers> {
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
  const cookie = toastCookie(context);
  const raw = await cookie.parse(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    headers: raw ? new Headers({ "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) }) : null,
  };
}
