/**
 * Name masking (docs/product.md#privacy): when a user hides their full name, a name shows its first and
 * last letter with up to 5 asterisks between; names of 2 characters or fewer are not masked; an
 * empty name is "Anonymous".
 */
export function maskName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "") return "Anonymous";
  const letters = [...trimmed];
  if (letters.length <= 2) return trimmed;
  return `${letters[0]}${"*".repeat(Math.min(letters.length - 2, 5))}${letters[letters.length - 1]}`;
}

export interface PrivacySettings {
  showFullName: boolean;
  showEmail: boolean;
  showReferrals: boolean;
  showApplications: boolean;
}

/** The spec's defaults: full name shown, email hidden, referrals and applications shown. */
export const DEFAULT_PRIVACY: PrivacySettings = {
  showFullName: true,
  showEmail: false,
  showReferrals: true,
  showApplications: true,
};

/**
 * The names another person may see. The owner always sees their own; others see them masked
 * when showFullName is off.
 */
export function visibleNames(
  user: { firstName: string; lastName: string; username: string; showFullName: boolean },
  isOwner: boolean,
) {
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ");
  if (isOwner || user.showFullName) {
    return { firstName: user.firstName, lastName: user.lastName, name: full || user.username };
  }
  return { firstName: maskName(user.firstName), lastName: maskName(user.lastName), name: maskName(full) };
}
