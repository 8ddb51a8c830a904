/**
 * What a form intent's `run` may return besides page data (docs/decisions/080-route-kit.md): a
 * redirect with a flash toast, or data with headers (a session cookie). form-action.server.ts
 * turns them into responses.
 */
import type { ToastInput } from "~/utils/toast";

/** A success that goes elsewhere, with a flash toast and any headers (a session cookie). */
export interface RedirectOutcome {
  kind: "redirect";
  to: string;
  toast?: ToastInput | string;
  headers?: HeadersInit;
}

/** Success: go to `to` (a toast's text, or a full toast) and send `headers` along. */
export function redirectTo(
  to: string,
  options: { toast?: ToastInput | string; headers?: HeadersInit } = {},
): RedirectOutcome {
  return { kind: "redirect", to, ...options };
}

/** A success that stays on the page with its data and sends `headers` along (a session cookie). */
export interface HeadersOutcome<D extends object> {
  kind: "with-headers";
  data: D;
  headers: HeadersInit;
}

/** Success: show `value` on the page, as a plain return does, and send `headers` with it. */
export function withHeaders<D extends object>(value: D, headers: HeadersInit): HeadersOutcome<D> {
  return { kind: "with-headers", data: value, headers };
}
