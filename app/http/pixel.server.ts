/** A transparent 1x1 GIF. */
const PIXEL = Uint8Array.from(atob("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"), (char) =>
  char.charCodeAt(0),
);

/**
 * A view beacon's answer (ADR 172, 173): an image, so a view counts without JavaScript, never
 * stored by a browser or cache, so the next look fetches it again.
 */
export function pixelResponse() {
  return new Response(PIXEL, {
    headers: { "Content-Type": "image/gif", "Cache-Control": "no-store", "Content-Length": String(PIXEL.length) },
  });
}
