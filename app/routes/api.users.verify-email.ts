import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { verifyEmail } from "~/modules/auth/accounts.server";
import { toApiUser } from "~/modules/auth/present";
import { VERIFY_NO_TOKEN, VerifyEmailSchema } from "~/modules/auth/schemas";
import { apiRoute, apiSuccess, DomainError } from "~/utils/api.server";
import { requestMeta } from "~/utils/request-meta.server";
import { getServices } from "~/utils/services.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiRoute(async () => {
    const parsed = VerifyEmailSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? undefined });
    if (!parsed.success) throw new DomainError(400, VERIFY_NO_TOKEN);
    const { user, session, message } = await verifyEmail(getServices(context), parsed.data.token, requestMeta(request));
    return apiSuccess({ message, token: session.token, user: toApiUser(user) });
  });
}
