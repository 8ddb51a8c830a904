import { useSyncExternalStore } from "react";

/**
 * False on the server and during hydration, true after: anything that needs JavaScript (a live
 * control, the reader's own time zone) waits for it, so server and client HTML agree.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
const subscribeToNothing = () => () => {};
