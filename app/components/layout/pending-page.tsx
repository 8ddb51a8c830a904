import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { CardSkeletons, RowSkeletons, Skeleton } from "~/components/ui/skeleton";
import { PROGRESS_DELAY_MS } from "./progress-bar";

/** The frame of /chat: the conversation list (rows) beside an empty conversation. */
function ChatSkeleton() {
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-6xl md:px-4 md:py-4">
      <div className="flex min-h-0 flex-1 overflow-hidden border-line bg-surface md:rounded-card md:border">
        <div className="w-full border-line md:w-80 md:border-r">
          <Skeleton className="m-4 h-6 w-32" />
          <RowSkeletons count={6} />
        </div>
      </div>
    </div>
  );
}

/** The frame of /apply: the heading, the search form and a grid of referral cards. */
function ApplySkeleton() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Skeleton className="h-7 w-48" />
      <Skeleton className="mt-6 h-40 w-full" />
      <CardSkeletons count={6} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />
    </div>
  );
}

/** Pages whose loaders take a noticeable while, and the skeleton shown while one is on its way. */
const SKELETONS: Record<string, () => ReactNode> = {
  "/chat": ChatSkeleton,
  "/apply": ApplySkeleton,
};

/**
 * While the browser goes to one of the slow pages from another page, its skeleton replaces the
 * page being left (after the progress bar's delay, so quick loads show nothing). Within a page (a
 * new search, another conversation) the page shows its own pending state.
 */
export function usePendingPage(): ReactNode {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  const Skeleton = target && target !== pathname ? SKELETONS[target] : undefined;
  // The navigation whose wait has lasted past the delay (each navigation has its own key).
  const waiting = Skeleton ? navigation.location?.key : undefined;
  const [lateFor, setLateFor] = useState<string | null>(null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setLateFor(waiting), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  if (!Skeleton || !waiting || lateFor !== waiting) return null;
  return (
    <div aria-busy="true" aria-label="Loading" role="status" data-testid="pending-page">
      <Skeleton />
    </div>
  );
}
