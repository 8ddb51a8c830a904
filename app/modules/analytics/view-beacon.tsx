/**
 * A page's view beacon (ADR 172, 173): a 1x1 image whose request counts the look, so it counts
 * without JavaScript, and even when the page itself came from the edge cache.
 */
export function ViewBeacon({ src }: { src: string }) {
  return <img src={src} alt="" width={1} height={1} className="absolute size-px opacity-0" />;
}
