import { clsx } from "clsx";
import { LazyImage } from "~/components/ui/lazy-image";
import { issuerMark } from "./issuer-mark";

/**
 * The card's art (300x190, scaled to `className`'s width) when it has an image, else a small
 * issuer-coloured mark with the issuer's code: never a full-width placeholder.
 */
export function CardArt({
  name,
  issuer,
  imageUrl,
  className,
}: {
  name: string;
  issuer: string;
  imageUrl: string | null;
  className?: string;
}) {
  if (imageUrl) {
    return (
      <LazyImage
        src={imageUrl}
        alt=""
        width={300}
        height={190}
        className={clsx("aspect-[30/19] shrink-0 rounded-md", className ?? "w-28")}
      />
    );
  }
  const mark = issuerMark(issuer);
  return (
    <div
      aria-hidden
      title={name}
      style={{ backgroundColor: mark.color }}
      className="flex size-12 shrink-0 items-center justify-center rounded-md text-xs font-bold tracking-wide text-white"
    >
      {mark.code}
    </div>
  );
}
