/**
 * The browser side of the /api envelope (docs/product.md#envelope): one call that turns every way a request
 * can fail into the transport messages (docs/product.md#shared-texts), so a screen shows a sentence, never a
 * parser's or the browser's error text.
 */
export const TRANSPORT_MESSAGES = {
  network: "Network error. Please check your connection.",
  unknown: "Unknown error occurred",
  notFound: (url: string) => `Endpoint ${url} not found. Please check API URL.`,
} as const;

export type ApiCallResult<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

/** Sends JSON to an /api route and reads its envelope `{ success, message, ... }`. */
export async function callApi<T extends { success?: boolean; message?: string }>(
  url: string,
  init: { method: string; body?: unknown },
): Promise<ApiCallResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    return { ok: false, status: 0, message: TRANSPORT_MESSAGES.network };
  }
  const text = await response.text().catch(() => "");
  let body: T | null = null;
  try {
    body = JSON.parse(text) as T;
  } catch {
    // Not the envelope: a proxy's page or plain text (docs/product.md#shared-texts).
  }
  if (response.ok && body && body.success !== false) return { ok: true, body };
  return { ok: false, status: response.status, message: failureMessage(response, body, text, url) };
}

function failureMessage(response: Response, body: { message?: string } | null, text: string, url: string) {
  if (body?.message) return body.message;
  if (response.status === 404) return TRANSPORT_MESSAGES.notFound(url);
  const isHtml = (response.headers.get("Content-Type") ?? "").includes("html");
  if (!body && !isHtml && text.trim()) return text.trim().slice(0, 200);
  return TRANSPORT_MESSAGES.unknown;
}
