import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { markChatRead } from "~/modules/chats/commands.server";
import { ChatIdParams, MarkReadSchema } from "~/modules/chats/schemas";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Mark a chat read up to timestamp (epoch ms; now without a body)",
    access: "member",
    params: ChatIdParams,
    body: MarkReadSchema,
    bodyOptional: true,
    response: z.object({ timestamp: z.number(), unread: z.number() }),
    async run({ ctx, params, body }) {
      return markChatRead(ctx, { chatId: params.id, timestamp: body.timestamp });
    },
  }),
});
export const action = loader;
