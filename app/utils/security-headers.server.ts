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
  requestUrl: string,
  googleAuthOrigin = "https://accounts.google.com",
): string {
  const url = new URL(requestUrl);
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

/** Adds the security headers to HTML responses; other responses pass through unchanged. */
export function withSecurityHeaders(
  response: Response,
  nonce: string,
  requestUrl: string,
  googleAuthOrigin?: string,
): Response {
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("text/html") || response.status === 101) return response;
  const secured = new Response(response.body, response);
  secured.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, requestUrl, googleAuthOrigin));
  secured.headers.set("X-Content-Type-Options", "nosniff");
  secured.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  secured.headers.set("X-Frame-Options", "DENY");
  secured.headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  return secured;
}
