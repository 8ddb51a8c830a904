import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";

/** docs/product.md#constants: lazy images start loading 240 px before they scroll into view. */
export const LAZY_IMAGE_MARGIN_PX = 240;

/**
 * An image that loads when it comes within 240 px of the viewport (an IntersectionObserver on its
 * frame; the browser's own `loading="lazy"` starts at a distance of its choosing). Until then the
 * frame (`className`: its size and shape) holds the place. Without JavaScript the <noscript> copy
 * loads with the browser's lazy loading.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  className,
  imageClassName,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The frame: size, aspect ratio, corners. */
  className?: string;
  imageClassName?: string;
}) {
  const frame = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const image = { src, alt, width, height, className: clsx("size-full object-cover", imageClassName) };
  return (
    <span ref={frame} data-lazy-image="" className={clsx("block overflow-hidden bg-canvas", className)}>
      {near ? (
        <img {...image} alt={alt} />
      ) : (
        <noscript>
          <img {...image} alt={alt} loading="lazy" />
        </noscript>
      )}
    </span>
  );
}
