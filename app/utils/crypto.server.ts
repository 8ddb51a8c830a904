const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Bytes as URL-safe base64 without padding. */
export function toBase64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The bytes of URL-safe base64 (throws on text that is not). */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
}

/** An HMAC-SHA-256 key for signing and verifying under `secret`. */
export function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

/** 32 random bytes as URL-safe base64: a bearer token, reset token or verification token. */
export function createToken(): string {
  return toBase64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** SHA-256 hex of a token: what the database keeps instead of the token. */
export async function hashToken(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(token)));
}

/** HMAC-SHA-256 hex of `message` under `key`: a keyed hash nobody can recompute without the key. */
export async function hmacHex(key: string, message: string): Promise<string> {
  const imported = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return toHex(await crypto.subtle.sign("HMAC", imported, encoder.encode(message)));
}
