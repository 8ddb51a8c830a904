import { clsx } from "clsx";
import { LazyImage } from "~/components/ui/lazy-image";

/**
 * A card's art at the recommended 300x190 (a `className` with a width scales it, keeping the
 * ratio), or the 'No Image' placeholder.
 */
export function CardImage({ src, alt, className }: { src: string | null; alt: string; className?: string }) {
  const frame = clsx("aspect-[300/190] max-w-full rounded-card border border-line", className ?? "w-[300px]");
  if (!src) {
    return (
      <div className={clsx(frame, "flex items-center justify-center bg-canvas text-xs font-medium text-muted")}>
        No Image
      </div>
    );
  }
  return <LazyImage src={src} alt={alt} width={300} height={190} className={frame} />;
}
