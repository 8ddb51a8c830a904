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

import { handleUnauthorized } from "./sign-in-again";

export type ApiCallResult<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

/**
 * Sends JSON to an /api route and reads its envelope `{ success, message, ... }`. A 401 (the
 * session is over) also sends the member to sign in again (handleUnauthorized).
 */
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
  handleUnauthorized(response.status, url);
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
  const isHtml = (response.headers.get("Content-Type") ?? "").includes("html") || /^\s*<(!doctype|html)/i.test(text);
  if (isHtml) return htmlErrorText(text) ?? TRANSPORT_MESSAGES.unknown;
  if (!body && text.trim()) return text.trim().slice(0, 200);
  return TRANSPORT_MESSAGES.unknown;
}

/**
 * The sentence an HTML error page (a proxy's, a server framework's) carries: the text of its first
 * element whose class or id names an error, else of its first <pre> block (docs/product.md#shared-texts).
 */
export function htmlErrorText(html: string): string | null {
  const blocks = [
    /<(\w+)[^>]*\b(?:class|id)\s*=\s*["'][^"']*error[^"']*["'][^>]*>([\s\S]*?)<\/\1>/i,
    /<pre\b[^>]*>([\s\S]*?)<\/pre>/i,
  ];
  for (const pattern of blocks) {
    const match = pattern.exec(html.slice(0, 50_000));
    const inner = match?.[match.length - 1];
    const text = inner === undefined ? "" : plainText(inner);
    if (text) return text.slice(0, 200);
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

function plainText(fragment: string) {
  return fragment
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}
