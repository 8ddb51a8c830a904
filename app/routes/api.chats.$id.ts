import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getChat, leaveChat } from "~/modules/chats/chats.server";
import { apiRoute, apiSuccess, methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** GET /api/chats/{id}[?before=messageId]: one chat with its messages (members only). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const before = new URL(request.url).searchParams.get("before") ?? undefined;
    return apiSuccess({ data: await getChat(getServices(context).db, user.id, params.id ?? "", { before }) });
  });
}

/** DELETE /api/chats/{id}: leaves the chat (the other side keeps the history). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed();
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    await leaveChat(getServices(context), user.id, params.id ?? "");
    return apiSuccess({ message: "Chat deleted" });
  });
}
