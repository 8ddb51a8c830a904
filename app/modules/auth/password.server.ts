/**
 * Password hashing on Workers: PBKDF2-HMAC-SHA256 through Web Crypto, at the 100,000 iterations
 * production Workers allow (docs/decisions/005-password-hashing.md). Stored as a versioned string,
 * `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`, so the scheme can be raised on next sign-in.
 */
const ALGORITHM = "pbkdf2-sha256";
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return [ALGORITHM, iterations, toBase64(salt), toBase64(hash)].join("$");
}

/** Compares in constant time; false for a malformed stored value rather than an exception. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterationText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationText);
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || iterations < 1 || !saltText || !hashText) {
    return false;
  }
  const expected = fromBase64(hashText);
  const actual = await derive(password, fromBase64(saltText), iterations);
  if (actual.length !== expected.length) return false;
  let difference = 0;
  for (let index = 0; index < actual.length; index++) difference |= actual[index] ^ expected[index];
  return difference === 0;
}

/** Whether a stored hash was made with fewer iterations than today's and should be redone. */
export function needsRehash(stored: string): boolean {
  return Number(stored.split("$")[1]) < PBKDF2_ITERATIONS;
}
