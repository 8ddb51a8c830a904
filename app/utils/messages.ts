/**
 * Spec texts said by more than one module. Each module's own message table points here, so a
 * wording change is made once.
 */
export const USER_NOT_FOUND = "User Not Found";
export const PRIVATE_CONTENT = "Private Content";
export const REFERRAL_NOT_FOUND = "Referral Not Found";
export const INVALID_REFERRAL = "Invalid referral information";
/** Applications are shown to signed-in members only (docs/decisions/120-applications-members-only.md). */
export const APPLICATIONS_MEMBERS_ONLY = "Sign in to see this member's applications.";
