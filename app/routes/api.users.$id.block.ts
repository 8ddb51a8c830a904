import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { blockUser, unblockUser } from "~/modules/blocks/blocks.server";
import { BlockTargetId } from "~/modules/blocks/schemas";

const params = z.object({ id: BlockTargetId });
const BlockAnswerSchema = z.object({ userId: z.string(), blockedByYou: z.boolean(), message: z.string() });

/** Block and unblock a member (docs/product.md#blocking); both are idempotent. */
export const loader = jsonRoute({
  POST: endpoint({
    summary: "Block a member",
    description:
      "While the block stands neither of you can message the other (sends and new chats answer 403) and " +
      "your chat with them leaves your chat list and unread count. Blocking again changes nothing. " +
      "Yourself: 400; an unknown id: 404.",
    access: "member",
    params,
    response: BlockAnswerSchema,
    errors: [400, 404],
    run: ({ ctx, params }) => blockUser(ctx, { userId: params.id }),
  }),
  DELETE: endpoint({
    summary: "Unblock a member",
    description: "Undoes a block: messages flow again and the chat is back in your list with its history.",
    access: "member",
    params,
    response: BlockAnswerSchema,
    errors: [400, 404],
    run: ({ ctx, params }) => unblockUser(ctx, { userId: params.id }),
  }),
});
export const action = loader;
