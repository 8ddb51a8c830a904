/**
 * How the member's notification room's news reads (docs/product.md#realtime-chat): the unread
 * badge and the new-message toast. Browser-safe and free of zod, for the header on every page.
 */

/** 'New message from {sender}: ' and the first 30 characters, with an ellipsis if longer. */
export function newMessageToastText(sender: string, content: string) {
  const chars = [...content];
  const preview = chars.length > 30 ? `${chars.slice(0, 30).join("")}...` : content;
  return `New message from ${sender}: ${preview}`;
}

/** The unread badge: the count, or '9+' above 9. */
export function unreadBadge(count: number) {
  return count > 9 ? "9+" : String(count);
}
