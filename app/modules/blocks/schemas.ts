/**
 * Blocking (docs/product.md#blocking): the words a member reads and the forms' input. Browser-safe:
 * the chat's info panel and the profile's button use the same texts as the server's refusals.
 */
import { z } from "zod";
import { USER_NOT_FOUND } from "~/utils/messages";

export const BLOCK_MESSAGES = {
  /** What the blocked member's send or new chat is answered (403). */
  blockedYou: "You can't message this member.",
  /** What the blocker's own send or new chat is answered (403): they can undo it. */
  youBlocked: "You blocked this member. Unblock them to send messages.",
  self: "You cannot block yourself.",
  notFound: USER_NOT_FOUND,
  blocked: "Blocked. They can no longer message you, and your chat with them left your list.",
  blockedDealings:
    "Blocked. They can no longer message you. Your open application and any dispute keep their timeline, and admins still decide a dispute.",
  unblocked: "Unblocked. You can message each other again.",
  confirmTitle: "Block this member?",
  confirmBody:
    "Neither of you can send the other messages, and your chat with them leaves your chat list. They are not told. You can unblock them at any time.",
  /** The warning when an application or a dispute is open between the two (docs/decisions/175). */
  confirmBodyDealings:
    "You have an application or a dispute open with this member. Blocking stops messages only: both of you keep the application's timeline, the dispute and this chat's history, and Cardshare's admins still decide a dispute. You can unblock them at any time.",
  /** What the blocked member reads instead of the message box when they have dealings open. */
  blockedYouDealings:
    "You can't message this member. The application between you keeps its timeline on My Applications and My Referrals: record each step there, or report a share that did not arrive. The referrer has 7 days to answer a dispute; then Cardshare's admins decide, reading this chat's history.",
} as const;

/** Who is blocked or unblocked: an id of the right form, else the same 404 text as an unknown member. */
export const BlockTargetId = z
  .string({ message: BLOCK_MESSAGES.notFound })
  .trim()
  .min(1, BLOCK_MESSAGES.notFound)
  .max(64, BLOCK_MESSAGES.notFound)
  .regex(/^[A-Za-z0-9_-]+$/, BLOCK_MESSAGES.notFound);

/** The Block / Unblock forms (chat info panel, profile), posted to /blocks. */
export const BlockFormSchema = z.object({
  intent: z.enum(["block", "unblock"], { message: "Choose Block or Unblock." }),
  userId: BlockTargetId,
});
