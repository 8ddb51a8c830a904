const BASE = "http://cardshare.invalid";

/** Control characters: browsers drop tabs and newlines inside a URL, so `/\t/evil` is `//evil`. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** `//host` and `/\host` are protocol-relative: a browser following one leaves the site. */
const leavesSite = (path: string) => /^[/\\]{2}/.test(path);

/** The path a browser would reach from `target`, resolved on this site; null when it leaves it. */
function normalise(target: string): URL | null {
  try {
    const url = new URL(target, BASE);
    return url.origin === BASE && !leavesSite(url.pathname) ? url : null;
  } catch {
    return null;
  }
}

/**
 * Where to go after signing in: only a path on this site. The target is normalised first (dot
 * segments resolved, `%2e` included, as a browser resolves them), then checked, once as sent and
 * once percent-decoded, so `/.//evil`, `/a/..//evil` and `/%2f%2fevil` fall back like `//evil`,
 * other origins, backslash tricks and `javascript:` do.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.includes("\\") || CONTROL.test(target)) {
    return fallback;
  }
  const url = normalise(target);
  if (!url) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (decoded.includes("\\") || CONTROL.test(decoded) || !normalise(decoded)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
