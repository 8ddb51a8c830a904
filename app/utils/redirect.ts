/**
 * Where to go after signing in: only a path on this site. Anything else (another origin,
 * protocol-relative `//evil`, backslash tricks, javascript:) falls back to `fallback`.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) {
    return fallback;
  }
  try {
    const url = new URL(target, "http://cardshare.invalid");
    return url.origin === "http://cardshare.invalid" ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
