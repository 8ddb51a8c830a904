const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
/** 252 is the largest multiple of 36 that fits in a byte: bytes above it are drawn again. */
const UNBIASED_LIMIT = 252;

/**
 * A random, URL-safe id: 20 base36 characters from the platform's CSPRNG (about 103 bits).
 * Works in workerd, browsers and Node alike (Web Crypto).
 */
export function createId(length = 20): string {
  let id = "";
  while (id.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < UNBIASED_LIMIT && id.length < length) id += ALPHABET[byte % 36];
    }
  }
  return id;
}
