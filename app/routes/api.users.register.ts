import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { registerUser } from "~/modules/auth/accounts.server";
import { RegisterSchema } from "~/modules/auth/schemas";
import { apiRoute, apiSuccess, parseJsonBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/request-meta.server";
import { getServices } from "~/utils/services.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const input = await parseJsonBody(request, RegisterSchema);
    const result = await registerUser(getServices(context), input, requestMeta(request));
    return apiSuccess({ message: result.message, user: { _id: result.userId, email: result.email } }, { status: 201 });
  });
}
