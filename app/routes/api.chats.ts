import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { startDirectChat } from "~/modules/chats/commands.server";
import { listChats } from "~/modules/chats/queries.server";
import { ChatSummarySchema } from "~/modules/chats/present";
import { CreateChatSchema } from "~/modules/chats/schemas";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "The signed-in member's chats, newest activity first (at most 100)",
    access: "member",
    response: z.object({ data: z.array(ChatSummarySchema) }),
    async run({ ctx }) {
      return { data: await listChats(ctx) };
    },
  }),
  POST: endpoint({
    summary: "Open the direct chat with targetUserId",
    description:
      "targetUserId is required: there are no chats with nobody in them (a 400 says so). Opening a direct chat " +
      "again answers the same chat, rejoining it after a leave. `referralId` (a referral of either person) " +
      "records which referral the chat is about. A block either way is a 403. New accounts (email not " +
      "verified, or under a day old) start at most 3 new chats in any 24 hours (429 saying when; reopening " +
      "an existing chat does not count).",
    access: "member",
    body: CreateChatSchema,
    response: z.object({ id: z.string() }),
    status: 201,
    errors: [403, 404, 429],
    async run({ ctx, body }) {
      const { id } = await startDirectChat(ctx, body);
      return { id };
    },
  }),
});
export const action = loader;
