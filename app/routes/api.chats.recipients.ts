import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { RecipientSchema } from "~/modules/chats/present";
import { findRecipients } from "~/modules/chats/recipients.server";
import { RecipientSearchSchema } from "~/modules/chats/schemas";

export const loader = jsonRoute({
  GET: endpoint({
    summary: "People the signed-in member can start a chat with",
    description:
      "`q` (2 characters or more) is the start of a username; without it, the people the member shares a " +
      "referral or application with. Those come first; never the member themself. A member who hides their " +
      "full name is listed by the masked name only (`username` null).",
    access: "member",
    query: RecipientSearchSchema,
    response: z.object({ data: z.array(RecipientSchema) }),
    async run({ ctx, query }) {
      return { data: await findRecipients(ctx, { q: query.q }) };
    },
  }),
});
export const action = loader;
