/**
 * A browser's side of Web Push, for the workerd tests: a subscription made of a fresh P-256 key pair
 * and auth secret on the fake push service (tests/fixtures/fake-push.ts), and the decryption of what
 * that service received (RFC 8291 aes128gcm, RFC 8188 record layout) with WebCrypto.
 */
const FAKE_PUSH = "https://push.fake.test";

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const concat = (...parts: Uint8Array<ArrayBuffer>[]) => {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
type Bytes = Uint8Array<ArrayBuffer>;
const utf8 = (text: string) => new TextEncoder().encode(text);

async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

export interface TestBrowser {
  id: string;
  /** What `PushSubscription.toJSON()` would give. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  keys: CryptoKeyPair;
  publicBytes: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
}

export async function newTestBrowser(): Promise<TestBrowser> {
  const id = crypto.randomUUID();
  const keys = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicBytes = new Uint8Array((await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    id,
    keys,
    publicBytes,
    auth,
    subscription: {
      endpoint: `${FAKE_PUSH}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: b64url(publicBytes), auth: b64url(auth) },
    },
  };
}

/** What the fake push service received for this browser: headers and the encrypted body. */
export async function receivedBy(browser: TestBrowser) {
  const response = await fetch(`${FAKE_PUSH}/_fake/received?id=${browser.id}`);
  return (await response.json()) as { headers: Record<string, string>; body: string }[];
}

/** Makes the fake answer `status` to every push for this browser (410: it unsubscribed). */
export async function pushServiceAnswers(browser: TestBrowser, status: number) {
  await fetch(`${FAKE_PUSH}/_fake/answer`, { method: "POST", body: JSON.stringify({ id: browser.id, status }) });
}

/** Decrypts one aes128gcm push body with the browser's private key and auth secret (RFC 8291 §3.4). */
export async function decryptPush(browser: TestBrowser, body: string): Promise<string> {
  const bytes = fromB64(body);
  const salt = bytes.slice(0, 16);
  const idLength = bytes[20]!;
  const serverPublic = bytes.slice(21, 21 + idLength);
  const ciphertext = bytes.slice(21 + idLength);
  const serverKey = await crypto.subtle.importKey(
    "raw",
    serverPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, browser.keys.privateKey, 256),
  );
  const ikm = await hkdf(browser.auth, shared, concat(utf8("WebPush: info\0"), browser.publicBytes, serverPublic), 32);
  const cek = await hkdf(salt, ikm, utf8("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, utf8("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // The last record ends with 0x02 and then zeroes (RFC 8188 §2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("Not a last record: bad padding delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}
