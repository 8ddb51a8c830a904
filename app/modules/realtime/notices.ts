/**
 * How the member's notification room's news reads (docs/product.md#realtime-chat): the unread
 * new-message toast (the unread badge's format is core's `unreadBadge`, for the shared header).
 * Browser-safe and free of zod: the notification room's provider runs on every page.
 */

/** 'New message from {sender}: ' and the first 30 characters, with an ellipsis if longer. */
export function newMessageToastText(sender: string, content: string) {
  const chars = [...content];
  const preview = chars.length > 30 ? `${chars.slice(0, 30).join("")}...` : content;
  return `New message from ${sender}: ${preview}`;
}
