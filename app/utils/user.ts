import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/** The signed-in user as the root loader sent it, or null for visitors. */
export function useOptionalUser() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.user ?? null;
}

/** The signed-in user; for components that only render behind `requireUser`. */
export function useUser() {
  const user = useOptionalUser();
  if (!user) throw new Error("useUser() needs a signed-in user; use useOptionalUser() on public pages");
  return user;
}
