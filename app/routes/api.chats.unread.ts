import { z } from "zod";
import { ChatNotificationSchema } from "../../party/protocol";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { countUnread, latestUnread } from "~/modules/chats/chats.server";

/**
 * The header's unread count and newest unread messages. The header reads it every 2 s only while
 * the realtime socket is down (push first, polling as the fallback).
 */
export const loader = jsonRoute({
  GET: endpoint({
    summary: "Unread count and the newest unread messages (the socket's fallback)",
    access: "member",
    response: z.object({ count: z.number(), latest: z.array(ChatNotificationSchema) }),
    async run({ ctx, user }) {
      const [count, latest] = await Promise.all([countUnread(ctx.db, user.id), latestUnread(ctx.db, user.id)]);
      return { count, latest };
    },
  }),
});
export const action = loader;
