import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { createChat, listChats } from "~/modules/chats/chats.server";
import { ChatSummarySchema } from "~/modules/chats/present";
import { CreateChatSchema } from "~/modules/chats/schemas";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "The signed-in member's chats, newest activity first (at most 100)",
    access: "member",
    response: z.object({ data: z.array(ChatSummarySchema) }),
    async run({ ctx, user }) {
      return { data: await listChats(ctx.db, user.id) };
    },
  }),
  POST: endpoint({
    summary: "Open the direct chat with targetUserId (or a chat of one's own named name)",
    description: "Opening a direct chat again answers the same chat, rejoining it after a leave.",
    access: "member",
    body: CreateChatSchema,
    response: z.object({ id: z.string() }),
    status: 201,
    errors: [404, 429],
    async run({ ctx, user, body }) {
      const { id } = await createChat(ctx, user, body);
      return { id };
    },
  }),
});
export const action = loader;
