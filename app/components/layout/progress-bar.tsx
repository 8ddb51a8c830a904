import { useFetchers, useNavigation } from "@remix-run/react";

/** A wait shorter than this shows no bar, so quick navigations do not flash one. */
export const PROGRESS_DELAY_MS = 150;

/** Whether a loader or an action of the page is running: a navigation, a form post, a fetcher. */
export function usePageBusy() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  return navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
}

/**
 * The top progress bar (docs/product.md#look-and-feel): shown while any navigation, form or
 * fetcher waits for the server. It fades in after PROGRESS_DELAY_MS (a CSS delay), so quick
 * navigations do not flash it. Background refreshes (the chat's polls revalidate) show none.
 */
export function ProgressBar() {
  if (!usePageBusy()) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      style={{ animationDelay: `${PROGRESS_DELAY_MS}ms` }}
      className="fixed inset-x-0 top-0 z-50 h-1 animate-appear overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-progress bg-brand-600" />
    </div>
  );
}
