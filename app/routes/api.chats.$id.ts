import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { leaveChat } from "~/modules/chats/commands.server";
import { getChat } from "~/modules/chats/queries.server";
import { ChatDetailSchema } from "~/modules/chats/present";
import { ChatIdParams, MessageId } from "~/modules/chats/schemas";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "One chat with its newest 50 messages (or those before ?before=, a message id)",
    description: "Members of the chat only; anyone else gets the same 404 as for an unknown chat.",
    access: "member",
    params: ChatIdParams,
    query: z.object({ before: MessageId.optional() }),
    response: z.object({ data: ChatDetailSchema }),
    async run({ ctx, params, query }) {
      return { data: await getChat(ctx, { chatId: params.id, before: query.before }) };
    },
  }),
  DELETE: endpoint({
    summary: "Leave a chat (the other side keeps the history)",
    access: "member",
    params: ChatIdParams,
    response: z.object({ message: z.string() }),
    async run({ ctx, params }) {
      await leaveChat(ctx, { chatId: params.id });
      return { message: "Chat deleted" };
    },
  }),
});
export const action = loader;
