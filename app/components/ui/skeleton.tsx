import { clsx } from "clsx";

/** A grey placeholder block while content loads (decorative: the region around it is aria-busy). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={clsx("block animate-pulse rounded-card bg-line", className)} />;
}

/** `count` placeholder cards in a list, for lists that wait noticeably (the /apply results). */
export function CardSkeletons({ count, className }: { count: number; className?: string }) {
  return (
    <ul aria-hidden data-testid="skeleton" className={className}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="rounded-card border border-line bg-surface p-4">
          <span className="flex items-start gap-3">
            <Skeleton className="size-12 shrink-0" />
            <span className="flex-1">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="mt-2 h-3 w-1/2" />
            </span>
          </span>
          <Skeleton className="mt-4 h-6 w-1/2" />
          <Skeleton className="mt-4 h-8 w-full" />
        </li>
      ))}
    </ul>
  );
}

/** `count` placeholder rows (avatar, two lines), for the chat list. */
export function RowSkeletons({ count, className }: { count: number; className?: string }) {
  return (
    <ul aria-hidden data-testid="skeleton" className={className}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-10 shrink-0 rounded-full" />
          <span className="flex-1">
            <Skeleton className="h-3.5 w-1/2" />
            <Skeleton className="mt-2 h-3 w-3/4" />
          </span>
        </li>
      ))}
    </ul>
  );
}
