import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requestPasswordReset } from "~/modules/auth/accounts.server";
import { EmailOnlySchema } from "~/modules/auth/schemas";
import { apiRoute, apiSuccess, parseJsonBody } from "~/utils/api.server";
import { requestMeta } from "~/utils/request-meta.server";
import { getServices } from "~/utils/services.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const { email } = await parseJsonBody(request, EmailOnlySchema);
    return apiSuccess(await requestPasswordReset(getServices(context), email, requestMeta(request)));
  });
}
