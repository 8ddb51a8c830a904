import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { sendMessage } from "~/modules/chats/chats.server";
import { SendMessageSchema } from "~/modules/chats/schemas";
import { apiRoute, apiSuccess, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** POST /api/chats/{chatId}/messages {content, clientId?}: stored, then delivered live. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const input = await parseJsonBody(request, SendMessageSchema);
    const message = await sendMessage(getServices(context), user, params.id ?? "", input);
    return apiSuccess({ data: message }, { status: 201 });
  });
}

export function loader() {
  return methodNotAllowed();
}
