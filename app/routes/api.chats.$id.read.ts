import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { markChatRead } from "~/modules/chats/chats.server";
import { MarkReadSchema } from "~/modules/chats/schemas";
import { apiRoute, apiSuccess, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** POST /api/chats/{id}/read [{timestamp}]: marks the chat read up to then (no body: now). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const hasBody = request.headers.get("Content-Type")?.includes("application/json") ?? false;
    const input = hasBody ? await parseJsonBody(request, MarkReadSchema) : {};
    const result = await markChatRead(getServices(context), user.id, params.id ?? "", input.timestamp);
    return apiSuccess(result);
  });
}

export function loader() {
  return methodNotAllowed();
}
