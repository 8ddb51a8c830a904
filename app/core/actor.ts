import type { AuthProvider } from "../../db/enums";
import { DomainError } from "./errors";

/** Who is acting: the signed-in member as the domain layer sees them. */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

/**
 * The signed-in member as a session lookup reads them (the auth domain's session columns): what the
 * route kit hands a loader and the root loader sends every page (ADR 091).
 */
export type SessionUser = Actor & {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImage: string | null;
  authProvider: AuthProvider;
};

/** The spec's text for a member reaching an admin-only place. */
export const ADMIN_ONLY_MESSAGE = "Access denied. Admin privileges required.";

/**
 * Every admin domain function starts here, so the role is checked on the server whichever adapter
 * (HTML action, /api route) called it.
 */
export function assertAdmin(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor?.isAdmin) throw new DomainError(403, ADMIN_ONLY_MESSAGE, undefined, "ADMIN_ONLY");
}

/**
 * A body that names a user (`userId`, `referrer`) must name the caller: the API acts only as the
 * signed-in user. Absent (undefined or null) is fine; anyone else is a 403 with `message`, given on
 * `field` too when named.
 */
export function assertSelf(named: unknown, callerId: string, message: string, field?: string) {
  if (named == null || named === callerId) return;
  throw new DomainError(403, message, field ? { [field]: message } : undefined);
}
