/** What the admin area says (docs/product.md#admin-texts), browser-safe for the pages that show it. */
import { USER_NOT_FOUND } from "~/utils/messages";

export const ADMIN_MESSAGES = {
  notFound: USER_NOT_FOUND,
  deactivated: "User deactivated. Their sessions have ended.",
  reactivated: "User reactivated",
  granted: "Admin access granted",
  revoked: "Admin access revoked",
  notSelf: "You cannot change your own account from the admin area.",
  lastAdmin: "Cardshare must keep at least one active admin.",
} as const;

/** The confirmations of admin actions ask why; the answer goes to the audit log. */
export const REASON_LABEL = "Why? (optional, kept in the audit log)";
