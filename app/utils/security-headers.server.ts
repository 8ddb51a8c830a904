/** A fresh nonce for the inline scripts Remix renders (hydration context, scroll restoration). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The Content-Security-Policy of every HTML page. Forms may post to Google sign-in and Stripe
 * Checkout because Chrome applies form-action to the redirect that follows a post.
 */
export function contentSecurityPolicy(
  nonce: string,
  url: URL,
  googleAuthOrigin = "https://accounts.google.com",
): string {
  const socketOrigin = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self'",
    `connect-src 'self' ${socketOrigin}`,
    `form-action 'self' ${googleAuthOrigin} https://checkout.stripe.com`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export interface SecurityContext {
  nonce: string;
  /** The request's URL, parsed once by the Worker. */
  url: URL;
  /** Whether the request carried a session (cookie or bearer): its answer is personal. */
  signedIn: boolean;
  googleAuthOrigin?: string;
}

/** Two years, the figure HSTS preload lists ask for. */
const HSTS = "max-age=63072000; includeSubDomains";

/**
 * Adds the security headers to every response but a WebSocket upgrade: nosniff everywhere (JSON
 * included); on https, HSTS and `Secure` on every cookie (`__toast`, `cs_rotation` and any other);
 * `Cache-Control: no-store` on every API answer and on anything answered to a signed-in request
 * (pages, Remix's data requests, redirects), so no cache keeps personal data; on HTML, the CSP and
 * the framing, referrer and permissions policies.
 */
export function withSecurityHeaders(response: Response, context: SecurityContext): Response {
  if (response.status === 101) return response;
  const url = context.url;
  const https = url.protocol === "https:";
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  if (https) {
    headers.set("Strict-Transport-Security", HSTS);
    secureCookies(headers);
  }
  const type = headers.get("Content-Type") ?? "";
  if (context.signedIn || url.pathname.startsWith("/api/") || type.includes("application/json")) {
    headers.set("Cache-Control", "no-store");
  }
  if (type.includes("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy(context.nonce, url, context.googleAuthOrigin));
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  }
  return secured;
}

/** Adds `Secure` to every Set-Cookie that lacks it. */
export function secureCookies(headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.every((cookie) => /;\s*secure\s*(;|$)/i.test(cookie))) return;
  headers.delete("Set-Cookie");
  for (const cookie of cookies) {
    headers.append("Set-Cookie", /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
  }
}
