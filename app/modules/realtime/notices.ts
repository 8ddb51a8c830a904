/**
 * How the member's notification room's news reads (docs/product.md#realtime-chat): the unread
 * new-message toast (the unread badge's format is core's `unreadBadge`, for the shared header).
 * Browser-safe and free of zod: the notification room's provider runs on every page.
 */

/** The pages that list applications or referrals: any notice about one may change them. */
const LIST_PAGES = ["/dashboard/my-applications", "/dashboard/my-referrals"];

/**
 * Whether a notice (an application's outcome step, a referral held or answered) changes the page
 * at `pathname`, which then reloads its data in place (docs/decisions/175): the page it links to,
 * the lists of applications and referrals, and the pages of the referral it is about.
 */
export function noticeChangesPage(pathname: string, notice: { href: string; referralId?: string }) {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === notice.href.split(/[?#]/)[0] || LIST_PAGES.includes(path)) return true;
  const referralId = notice.referralId;
  return referralId !== undefined && (path === `/apply/${referralId}` || path === `/dashboard/referrals/${referralId}`);
}

/** 'New message from {sender}: ' and the first 30 characters, with an ellipsis if longer. */
export function newMessageToastText(sender: string, content: string) {
  const chars = [...content];
  const preview = chars.length > 30 ? `${chars.slice(0, 30).join("")}...` : content;
  return `New message from ${sender}: ${preview}`;
}
