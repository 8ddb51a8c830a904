/**
 * Chat inputs, shared by the /chat form (conform), its action, /api/chats and the composer's
 * client-side checks, so each rule is written once (docs/product.md#chat-texts).
 */
import { z } from "zod";
import { USER_NOT_FOUND } from "~/utils/messages";
import { nameText } from "~/utils/zod-fields";

export const MESSAGE_MAX_LENGTH = 2000;

/** The chat's texts (docs/product.md#chat-texts): the spec's words plus the few it leaves open. */
export const CHAT_MESSAGES = {
  welcome: "Welcome to Chat",
  welcomeHint: "Select a conversation from the sidebar or start a new one to begin messaging",
  emptyConversation: "Start a new conversation",
  loading: "Loading your conversations...",
  loadFailedTitle: "Unable to Load Chats",
  loadFailed: "Failed to load your conversations. Please try again.",
  noSocket: "Real-time connection is not available. You can still send messages, but you won't receive notifications.",
  about: "About this conversation",
  sending: "Sending...",
  blank: "Type a message to send.",
  tooLong: "Messages can be at most 2,000 characters.",
  notFound: "Chat not found",
  userNotFound: USER_NOT_FOUND,
  self: "You cannot start a chat with yourself.",
  tooFast: "You are sending messages too quickly. Please wait a moment.",
  failed: "Failed to send message:",
  noRecipient: "Choose the person to chat with.",
  nobodyHere: "Nobody else is in this conversation, so messages cannot be sent. Start a chat with a person instead.",
  searchTooShort: "Type at least 2 characters of a username.",
  noChats: "No conversations yet",
  noChatsHint: "Find a member by username to start one, or open a chat from a referral you applied to.",
  referralNotFound: "That referral was not found.",
  deleteTitle: "Delete this conversation?",
  deleteBody:
    "It leaves your chat list. The other person keeps their copy; starting a chat with them again brings it back.",
} as const;

const entityId = z
  .string({ message: CHAT_MESSAGES.notFound })
  .trim()
  .min(1, CHAT_MESSAGES.notFound)
  .max(64, CHAT_MESSAGES.notFound)
  .regex(/^[A-Za-z0-9_-]+$/, CHAT_MESSAGES.notFound);

/** The `{id}` of /api/chats/{id}/...: an id of the right form, else the same 404 text as any unknown chat. */
export const ChatIdParams = z.object({ id: entityId });

/** A message id (`?before=` of GET /api/chats/{id}). */
export const MessageId = z.string().max(64, "That message id is not valid");

export const MessageContentSchema = z
  .string({ message: CHAT_MESSAGES.blank })
  .trim()
  .min(1, CHAT_MESSAGES.blank)
  .max(MESSAGE_MAX_LENGTH, CHAT_MESSAGES.tooLong);

/** A message: its content and, for an optimistic send, the client's id (a retry is stored once). */
export const SendMessageSchema = z.object({
  content: MessageContentSchema,
  clientId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type SendMessageInput = z.infer<typeof SendMessageSchema>;

/** A person's id: required (a chat always has someone to talk to), else the words saying so. */
const recipientId = z
  .string({ message: CHAT_MESSAGES.noRecipient })
  .trim()
  .min(1, CHAT_MESSAGES.noRecipient)
  .max(64, CHAT_MESSAGES.userNotFound)
  .regex(/^[A-Za-z0-9_-]+$/, CHAT_MESSAGES.userNotFound);

/** The referral a chat is opened from (its Chat button), shown in the chat's header. */
const referralId = z
  .string({ message: CHAT_MESSAGES.referralNotFound })
  .trim()
  .max(64, CHAT_MESSAGES.referralNotFound)
  .regex(/^[A-Za-z0-9_-]*$/, CHAT_MESSAGES.referralNotFound)
  .optional()
  .transform((value) => value || undefined);

/** POST /api/chats: the direct chat with `targetUserId` (there are no chats with nobody). */
export const CreateChatSchema = z.object({
  name: nameText().max(100, "Chat names can be at most 100 characters.").optional(),
  targetUserId: recipientId,
  referralId,
});

/** The new-chat picker's search: the start of a username, at least 2 characters. */
export const RecipientSearchSchema = z.object({
  q: z
    .string({ message: CHAT_MESSAGES.searchTooShort })
    .trim()
    .max(50, "Usernames are at most 50 characters.")
    .default("")
    .refine((value) => value === "" || value.length >= 2, CHAT_MESSAGES.searchTooShort),
});
export type CreateChatInput = z.infer<typeof CreateChatSchema>;

const TIMESTAMP = "The read time must be a time in milliseconds since 1970";

export const MarkReadSchema = z.object({
  /** Epoch ms; messages up to then count as read. Defaults to now. */
  timestamp: z.number({ error: TIMESTAMP }).min(0, TIMESTAMP).max(8.64e15, TIMESTAMP).int(TIMESTAMP).optional(),
});

/** The /chat page's form posts, one literal per intent (no JavaScript needed for any). */
export const ChatFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start-direct"), userId: recipientId, referralId }),
  z.object({ intent: z.literal("send"), chatId: entityId, ...SendMessageSchema.shape }),
  z.object({ intent: z.literal("leave"), chatId: entityId }),
  z.object({ intent: z.literal("read"), chatId: entityId }),
  // Block and unblock from the chat's info panel (docs/product.md#blocking): back to this chat after.
  z.object({ intent: z.literal("block"), chatId: entityId, userId: recipientId }),
  z.object({ intent: z.literal("unblock"), chatId: entityId, userId: recipientId }),
]);
