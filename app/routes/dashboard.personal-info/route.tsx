import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { clearSessionCookie } from "~/modules/auth/session.server";
import { deleteMyAccount, signInIsFresh } from "~/modules/users/account-deletion.server";
import { changePassword, getOwnProfile, updatePrivacy, updateProfile } from "~/modules/users/profile.server";
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  pendingEmailNote,
  PrivacySchema,
  ProfileSchema,
} from "~/modules/users/schemas";
import { requireSessionToken, shouldUseSecureCookies } from "~/http/auth.server";
import { DataCard } from "./data-card";
import { PasswordCard } from "./password-form";
import { PRIVACY_FAILED, PrivacyCard } from "./privacy-form";
import { ProfileCard } from "./profile-form";
import { PATH } from "./settings-card";
import { signedInMeta } from "~/utils/signed-in-meta";
import { NOTIFICATIONS_FAILED, NotificationsCard } from "./notifications-form";
import { NotificationFormSchema } from "~/modules/notifications/kinds";
import { requireActor } from "~/core/context.server";
import { readNotificationSettings, updateNotificationSettings } from "~/modules/notifications/settings.server";
import {
  listPushDevices,
  PushUnsubscribeSchema,
  unsubscribePush,
  vapidKeys,
} from "~/modules/notifications/push-subscriptions.server";
import { PushDevicesCard } from "./push-devices";

export const loader = pageLoader({
  access: "member",
  query: z.object({ edit: z.string().optional(), password: z.string().optional(), delete: z.string().optional() }),
  async run({ ctx, query, request }) {
    const deleting = query.delete === "1";
    const [profile, notifications, pushDevices, googleConfirmed] = await Promise.all([
      getOwnProfile(ctx),
      readNotificationSettings(ctx.db, requireActor(ctx).id),
      listPushDevices(ctx.db, requireActor(ctx).id),
      // Only asked when the delete panel is open: a Google account confirms with a fresh sign-in.
      deleting ? signInIsFresh(ctx, requireSessionToken(request)) : false,
    ]);
    return {
      profile,
      notifications,
      push: { publicKey: vapidKeys(ctx.env)?.publicKey ?? null, devices: pushDevices },
      editing: query.edit === "1",
      changingPassword: query.password === "1",
      deleting,
      googleConfirmed,
    };
  },
});

export const action = formAction({
  access: "member",
  intents: {
    profile: intent.member({
      schema: ProfileSchema,
      hideFields: ["currentPassword"],
      async run({ ctx, user, value }) {
        const { message, emailChangePending } = await updateProfile(ctx, value);
        return redirectTo(PATH, {
          // Two sentences: the spec's text has no full stop of its own.
          toast: emailChangePending ? `${message}. ${pendingEmailNote(emailChangePending, user.email)}` : message,
        });
      },
    }),
    privacy: intent.member({
      schema: PrivacySchema,
      async run({ ctx, value, formData }) {
        const { message } = await updatePrivacy(ctx, value);
        // A switch saved as it changed (JavaScript) stays on the page; its toast is raised there.
        if (formData.get("autosave") === "1") return { message };
        return redirectTo(PATH, { toast: message });
      },
    }),
    notifications: intent.member({
      schema: NotificationFormSchema,
      async run({ ctx, value, formData }) {
        const { message } = await updateNotificationSettings(ctx, value);
        if (formData.get("autosave") === "1") return { message };
        return redirectTo(PATH, { toast: message });
      },
    }),
    pushOff: intent.member({
      schema: z.object(PushUnsubscribeSchema.shape),
      async run({ ctx, value }) {
        const { message } = await unsubscribePush(ctx, value.endpoint);
        return redirectTo(PATH, { toast: message });
      },
    }),
    password: intent.member({
      schema: ChangePasswordSchema,
      hideFields: ["currentPassword", "newPassword", "confirmPassword"],
      async run({ ctx, value, request }) {
        return changePassword(ctx, { ...value, currentSessionToken: requireSessionToken(request) });
      },
    }),
    deleteAccount: intent.member({
      schema: DeleteAccountSchema,
      hideFields: ["password"],
      async run({ ctx, value, request }) {
        const { message } = await deleteMyAccount(ctx, {
          password: value.password,
          currentSessionToken: requireSessionToken(request),
        });
        return redirectTo("/", {
          toast: message,
          headers: { "Set-Cookie": clearSessionCookie({ secure: shouldUseSecureCookies(request) }) },
        });
      },
    }),
  },
});

export default function PersonalInfo() {
  const { profile, notifications, push, editing, changingPassword, deleting, googleConfirmed } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isEditing = editing || (actionData?.intent === "profile" && actionData.result.status === "error");

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Personal Info</h1>
      <ProfileCard
        // A saved email change shows the sign-in address again (the new one waits), not what was typed.
        key={`${profile.email} ${profile.pendingEmail ?? ""}`}
        profile={profile}
        editing={isEditing}
        lastResult={actionData?.intent === "profile" ? actionData.result : undefined}
      />
      <PrivacyCard
        profile={profile}
        error={
          actionData?.intent === "privacy" && !actionData.ok ? `${PRIVACY_FAILED}${actionData.message}` : undefined
        }
      />
      <NotificationsCard
        settings={notifications}
        error={
          actionData?.intent === "notifications" && !actionData.ok
            ? `${NOTIFICATIONS_FAILED}${actionData.message}`
            : undefined
        }
      />
      <PushDevicesCard publicKey={push.publicKey} devices={push.devices} />
      <PasswordCard
        isLocal={profile.authProvider === "local"}
        requested={changingPassword}
        lastResult={actionData?.intent === "password" ? actionData.result : undefined}
        successMessage={actionData?.ok && actionData.intent === "password" ? actionData.message : undefined}
      />
      <DataCard
        isLocal={profile.authProvider === "local"}
        requested={deleting}
        googleConfirmed={googleConfirmed}
        lastResult={actionData?.intent === "deleteAccount" ? actionData.result : undefined}
      />
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Personal Info - Cardshare", "Your profile, privacy settings, password, your data and your account.");

export function ErrorBoundary() {
  return (
    <section aria-labelledby="profile-error" className="rounded-card border border-line bg-surface p-6">
      <h1 id="profile-error" className="text-lg font-semibold">
        Error Loading Profile
      </h1>
      <p className="mt-2 text-sm text-muted">No user data available. Please try refreshing the page.</p>
      <a href={PATH} className={buttonClass("primary", "md", "mt-4")}>
        Retry
      </a>
    </section>
  );
}
