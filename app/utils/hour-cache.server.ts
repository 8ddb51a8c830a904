/**
 * A value computed at most once an hour per data centre, kept in the Workers Cache (ADR 200): the
 * landing's market figures, whose 90-day sums are too costly for every render of the page. Where
 * there is no Workers Cache (`remix vite:dev`), the value is computed each time.
 */
export const HOUR_SECONDS = 3600;

const cacheOf = () =>
  typeof caches === "undefined" ? null : ((caches as unknown as { default?: Cache }).default ?? null);

/** Where a value's copy lives in the cache (an internal host, never a page's URL). */
export const hourCacheRequest = (key: string, version: string) =>
  new Request(`https://cache.cardshare.internal/${key}?v=${encodeURIComponent(version)}`);

/**
 * `compute()`'s value, from the cache when a copy younger than `seconds` is there. `key` names the
 * value (a path under an internal host, never a page's URL); `version` separates deploys.
 */
export async function cachedJson<T>(
  key: string,
  version: string,
  compute: () => Promise<T>,
  waitUntil: (promise: Promise<unknown>) => void,
  seconds = HOUR_SECONDS,
): Promise<T> {
  const cache = cacheOf();
  const request = hourCacheRequest(key, version);
  const copy = cache ? await cache.match(request).catch(() => undefined) : undefined;
  if (copy) return (await copy.json()) as T;
  const value = await compute();
  if (cache) {
    const stored = new Response(JSON.stringify(value), {
      headers: { "Content-Type": "application/json", "Cache-Control": `public, s-maxage=${seconds}` },
    });
    waitUntil(cache.put(request, stored).catch(() => undefined));
  }
  return value;
}
