import { useRouteLoaderData } from "@remix-run/react";
import type { SessionUser } from "~/core/actor";

/** What the root loader tells every page about the signed-in member (app/root.tsx). */
export type RootUser = SessionUser;

/** The signed-in user as the root loader sent it, or null for visitors. */
export function useOptionalUser(): RootUser | null {
  // Typed by its shape rather than `typeof rootLoader`: importing root.tsx here would make a cycle.
  const data = useRouteLoaderData<{ user: RootUser | null }>("root");
  return data?.user ?? null;
}

/** The signed-in user; for components that only render behind `requireUser`. */
export function useUser() {
  const user = useOptionalUser();
  if (!user) throw new Error("useUser() needs a signed-in user; use useOptionalUser() on public pages");
  return user;
}
