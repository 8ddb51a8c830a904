import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { countUnread, latestUnread } from "~/modules/chats/queries.server";
import { UnreadAnswerSchema } from "~/modules/realtime/protocol";

/**
 * The header's unread count and newest unread messages. The header reads it every 2 s only while
 * the realtime socket is down (push first, polling as the fallback).
 */
export const loader = jsonRoute({
  GET: endpoint({
    summary: "Unread count and the newest unread messages (the socket's fallback)",
    access: "member",
    response: z.object(UnreadAnswerSchema.shape),
    async run({ ctx }) {
      const [count, latest] = await Promise.all([countUnread(ctx), latestUnread(ctx)]);
      return { count, latest };
    },
  }),
});
export const action = loader;
