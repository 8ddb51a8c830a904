import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { countUnread, latestUnread } from "~/modules/chats/chats.server";
import { apiRoute, apiSuccess } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/**
 * GET /api/chats/unread: the header's unread count and newest unread messages. The header reads it
 * every 2 s only while the realtime socket is down (decisions.md: push, poll as the fallback).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const user = await requireApiUser(request, context);
    const { db } = getServices(context);
    const [count, latest] = await Promise.all([countUnread(db, user.id), latestUnread(db, user.id)]);
    return apiSuccess({ count, latest });
  });
}
