/**
 * Chats as the /chat page and API clients read them (docs/product.md#api): the list entry and the
 * open conversation. The schemas are the /api contract; queries.server.ts builds values of these types.
 */
import { z } from "zod";
import { ChatMessageSchema } from "~/modules/realtime/protocol";

/** One entry of the chat list: the other person (masked per privacy) or the chat's name. */
export const ChatSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  isDirectChat: z.boolean(),
  otherParticipant: z.object({ id: z.string(), username: z.string(), profileImage: z.string().nullable() }).nullable(),
  unreadCount: z.number(),
  /** ISO time of the last message, or of the chat's creation. */
  updatedAt: z.string(),
  lastMessage: z.string().nullable(),
  /** The referral the chat was opened from (its Chat button), else null. */
  referral: z.object({ id: z.string(), cardName: z.string() }).nullable(),
  /**
   * A block between the member and the other person (docs/product.md#blocking): "by-you" (the chat
   * is then only reachable by its address, not listed), "by-them", or null. Either way no one can send.
   */
  blocked: z.enum(["by-you", "by-them"]).nullable(),
  /**
   * Applications between the two with no outcome yet or an open dispute (docs/decisions/175):
   * blocking warns first, and across a block the chat says what still works.
   */
  openDealings: z.number().int(),
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

/** An open conversation: its list entry, a page of messages (oldest first) and whether older exist. */
export const ChatDetailSchema = ChatSummarySchema.extend({
  hasOlder: z.boolean(),
  messages: z.array(ChatMessageSchema),
});
export type ChatDetail = z.infer<typeof ChatDetailSchema>;

/** A person the new-chat picker offers (recipients.server.ts findRecipients). */
export const RecipientSchema = z.object({
  id: z.string(),
  /** The username, or null when they hide their full name (a handle beside a masked name would unmask it). */
  username: z.string().nullable(),
  /** The name others see (masked when they hide it). */
  name: z.string(),
  profileImage: z.string().nullable(),
  /** They applied to one of the member's referrals, or the member to one of theirs. */
  tie: z.boolean(),
});
export type Recipient = z.infer<typeof RecipientSchema>;
