import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { resetPassword } from "~/modules/auth/accounts.server";
import { ResetPasswordSchema } from "~/modules/auth/schemas";
import { apiRoute, apiSuccess, parseJsonBody } from "~/utils/api.server";
import { getServices } from "~/utils/services.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return apiRoute(async () => {
    const input = await parseJsonBody(request, ResetPasswordSchema);
    return apiSuccess(await resetPassword(getServices(context), input));
  });
}
