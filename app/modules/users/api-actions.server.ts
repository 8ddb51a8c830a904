import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiRoute, apiSuccess, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser, requireSessionToken } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";
import { changePassword, getOwnProfile, updateNotifications, updatePrivacy, updateProfile } from "./profile.server";
import { ChangePasswordSchema, NotificationSchema, PrivacySchema, ProfileSchema } from "./schemas";

type Args = { request: Request; context: AppLoadContext };

/** The /api/users settings routes: PUT only, signed in, JSON validated by the shared schemas. */
function settingsRoute(run: (args: Args, userId: string) => Promise<Record<string, unknown>>) {
  return (args: Args) =>
    apiRoute(async () => {
      if (args.request.method !== "PUT") return methodNotAllowed();
      const user = await requireApiUser(args.request, args.context);
      return apiSuccess(await run(args, user.id));
    });
}

export const profileAction = settingsRoute(async ({ request, context }, userId) => {
  const services = getServices(context);
  const result = await updateProfile(services, userId, await parseJsonBody(request, ProfileSchema));
  return { ...result, data: await getOwnProfile(services, userId) };
});

export const privacyAction = settingsRoute(async ({ request, context }, userId) =>
  updatePrivacy(getServices(context), userId, await parseJsonBody(request, PrivacySchema)),
);

export const notificationsAction = settingsRoute(async ({ request, context }, userId) => {
  const { emailNotifications } = await parseJsonBody(request, NotificationSchema);
  return updateNotifications(getServices(context), userId, emailNotifications);
});

export const changePasswordAction = settingsRoute(async ({ request, context }, userId) => {
  const input = await parseJsonBody(request, ChangePasswordSchema);
  return changePassword(getServices(context), userId, requireSessionToken(request), input);
});
