import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createChat, listChats } from "~/modules/chats/chats.server";
import { CreateChatSchema } from "~/modules/chats/schemas";
import { apiRoute, apiSuccess, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** GET /api/chats: the signed-in user's chat list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    return apiSuccess({ data: await listChats(getServices(context).db, user.id) });
  });
}

/** POST /api/chats {name, targetUserId}: opens (or creates) the chat; answers with its id. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const input = await parseJsonBody(request, CreateChatSchema);
    const { id } = await createChat(getServices(context), user, input);
    return apiSuccess({ id }, { status: 201 });
  });
}
