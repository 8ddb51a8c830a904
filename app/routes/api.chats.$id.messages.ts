import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { sendMessage } from "~/modules/chats/room/send.server";
import { ChatMessageSchema } from "~/modules/realtime/protocol";
import { ChatIdParams, SendMessageSchema } from "~/modules/chats/schemas";

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Send a message: stored, then delivered live to the chat's members",
    description:
      "A retried send with the same clientId is stored once and answers the stored message. While either " +
      "member blocks the other, sends are refused with a 403.",
    access: "member",
    params: ChatIdParams,
    body: SendMessageSchema,
    response: z.object({ data: ChatMessageSchema }),
    status: 201,
    errors: [403, 409, 429],
    async run({ ctx, params, body }) {
      return { data: await sendMessage(ctx, { chatId: params.id, ...body }) };
    },
  }),
});
export const action = loader;
