import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "~/components/layout/toaster";
import { z } from "zod";
import { Field, FormMessage, SwitchField, TextareaField } from "~/components/forms/field";
import { Button, buttonClass } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { changePassword, getOwnProfile, updatePrivacy, updateProfile } from "~/modules/users/profile.server";
import { ChangePasswordSchema, PrivacySchema, ProfileSchema } from "~/modules/users/schemas";
import { requireSessionToken } from "~/utils/auth.server";

const PATH = "/dashboard/personal-info";
const PASSWORD_SUCCESS_MS = 1000;

/** The privacy switches' failure toast, followed by the reason (docs/product.md#profile-texts). */
const PRIVACY_FAILED = "Error updating privacy settings: ";

export const loader = pageLoader({
  access: "member",
  query: z.object({ edit: z.string().optional(), password: z.string().optional() }),
  async run({ ctx, user, query }) {
    const profile = await getOwnProfile(ctx, user.id);
    return { profile, editing: query.edit === "1", changingPassword: query.password === "1" };
  },
});

export const action = formAction({
  access: "member",
  intents: {
    profile: intent.member({
      schema: ProfileSchema,
      hideFields: ["currentPassword"],
      async run({ ctx, user, value }) {
        const { message, emailChangePending } = await updateProfile(ctx, user.id, value);
        return redirectTo(PATH, {
          toast: emailChangePending ? `${message} ${pendingEmailNote(emailChangePending, user.email)}` : message,
        });
      },
    }),
    privacy: intent.member({
      schema: PrivacySchema,
      async run({ ctx, user, value }) {
        const { message } = await updatePrivacy(ctx, user.id, value);
        return redirectTo(PATH, { toast: message });
      },
    }),
    password: intent.member({
      schema: ChangePasswordSchema,
      hideFields: ["currentPassword", "newPassword", "confirmPassword"],
      async run({ ctx, user, value, request }) {
        return changePassword(ctx, user.id, requireSessionToken(request), value);
      },
    }),
  },
});

/** What an asked-for email change means until it is confirmed (docs/decisions/081). */
function pendingEmailNote(pending: string, current: string) {
  return `We sent a confirmation link to ${pending}; ${current} stays your sign-in address until you open it.`;
}

export default function PersonalInfo() {
  const { profile, editing, changingPassword } = useLoaderData<typeof loader>();
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
      <PasswordCard
        isLocal={profile.authProvider === "local"}
        requested={changingPassword}
        lastResult={actionData?.intent === "password" ? actionData.result : undefined}
        successMessage={actionData?.ok && actionData.intent === "password" ? actionData.message : undefined}
      />
    </div>
  );
}

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `${title.toLowerCase().replace(/\W+/g, "-")}-card`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-surface p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

type Profile = ReturnType<typeof useLoaderData<typeof loader>>["profile"];

function ProfileCard({
  profile,
  editing,
  lastResult,
}: {
  profile: Profile;
  editing: boolean;
  lastResult?: SubmissionResult;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: { ...profile, currentPassword: "" },
    constraint: getZodConstraint(ProfileSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useEffect(() => {
    if (lastResult?.status === "error" && lastResult.error?.[""]?.[0]) {
      toast.error(`Error updating profile: ${lastResult.error[""][0]}`);
    }
  }, [lastResult]);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const readOnly = !editing;

  return (
    <Card title="Profile" description={editing ? "Update your details, then save." : undefined}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        {form.errors?.length ? <FormMessage tone="error">{form.errors[0]}</FormMessage> : null}
        {profile.pendingEmail ? (
          <FormMessage tone="info">{`Waiting for confirmation: ${pendingEmailNote(profile.pendingEmail, profile.email)}`}</FormMessage>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Username"
            inputProps={{ ...getInputProps(fields.username, { type: "text" }), readOnly }}
            errors={fields.username.errors}
          />
          <Field
            label="Email"
            hint={
              editing && profile.authProvider === "local"
                ? "To change it, enter your current password below; the new address must be confirmed."
                : undefined
            }
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), readOnly }}
            errors={fields.email.errors}
          />
          {editing && profile.authProvider === "local" ? (
            <Field
              label="Current password"
              hint="Needed only to change your email."
              inputProps={{
                ...getInputProps(fields.currentPassword, { type: "password" }),
                autoComplete: "current-password",
              }}
              errors={fields.currentPassword.errors}
            />
          ) : null}
          <Field
            label="First name"
            inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), readOnly }}
            errors={fields.firstName.errors}
          />
          <Field
            label="Last name"
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), readOnly }}
            errors={fields.lastName.errors}
          />
        </div>
        <TextareaField
          label="Bio"
          textareaProps={{ ...getTextareaProps(fields.bio), readOnly }}
          errors={fields.bio.errors}
        />
        <div className="flex gap-3">
          {editing ? (
            <>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving..." : "Save Changes"}
              </Button>
              <Link to={PATH} className={buttonClass("secondary")}>
                Cancel
              </Link>
            </>
          ) : (
            <Link to={`${PATH}?edit=1`} className={buttonClass("primary")}>
              Edit Profile
            </Link>
          )}
        </div>
      </Form>
    </Card>
  );
}

const PRIVACY_SWITCHES = [
  {
    name: "showFullName",
    label: "Show full name",
    description: "Others see your first and last name; when off, a masked name.",
  },
  { name: "showEmail", label: "Show email", description: "Others see your email address on your profile." },
  {
    name: "showReferrals",
    label: "Show referrals",
    description: "Others see the referrals you publish on your profile.",
  },
  {
    name: "showApplications",
    label: "Show applications",
    description: "Others see the applications you made on your profile.",
  },
] as const;

function PrivacyCard({ profile, error }: { profile: Profile; error?: string }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "privacy";
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
  return (
    <Card title="Privacy" description="Choose what other members can see on your profile.">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Form method="post" className="divide-y divide-line">
        <input type="hidden" name="intent" value="privacy" />
        {PRIVACY_SWITCHES.map((setting) => (
          <SwitchField key={setting.name} {...setting} defaultChecked={profile[setting.name]} />
        ))}
        <div className="pt-4">
          <Button type="submit" variant="secondary" disabled={saving}>
            {saving ? "Saving..." : "Save privacy settings"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function PasswordCard({
  isLocal,
  requested,
  lastResult,
  successMessage,
}: {
  isLocal: boolean;
  requested: boolean;
  lastResult?: SubmissionResult;
  successMessage?: string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  // Closed by the success window for this visit only; opening the panel again is a new location.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const closed = closedAt === location.key;
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    constraint: getZodConstraint(ChangePasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!successMessage) return;
    toast.success(successMessage);
    // The spec's success window: shown for about a second, then the panel closes and clears.
    const key = location.key;
    closeTimer.current = setTimeout(() => setClosedAt(key), PASSWORD_SUCCESS_MS);
    return () => clearTimeout(closeTimer.current);
  }, [successMessage, lastResult, location.key]);

  useEffect(() => {
    const message = lastResult?.error?.[""]?.[0];
    if (lastResult?.status === "error" && message) toast.error(`Error updating password: ${message}`);
  }, [lastResult]);

  if (!isLocal) {
    return (
      <Card title="Password">
        <p className="text-sm text-muted">
          You sign in with Google, so your password is managed by Google. There is no Cardshare password to change.
        </p>
      </Card>
    );
  }

  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "password";
  const showForm = (requested || Boolean(lastResult)) && !closed;
  return (
    <Card title="Password" description="We recommend changing your password every 90 days.">
      {successMessage && !closed ? <FormMessage tone="success">{successMessage}</FormMessage> : null}
      {showForm ? (
        <Form method="post" {...getFormProps(form)} className="mt-4 max-w-md space-y-4">
          <input type="hidden" name="intent" value="password" />
          <Field
            label="Current password"
            inputProps={{
              ...getInputProps(fields.currentPassword, { type: "password" }),
              autoComplete: "current-password",
            }}
            errors={fields.currentPassword.errors}
          />
          <Field
            label="New password"
            hint="At least 8 characters with letters and numbers"
            inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.newPassword.errors}
          />
          <Field
            label="Confirm new password"
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              autoComplete: "new-password",
            }}
            errors={fields.confirmPassword.errors}
          />
          <div className="flex gap-3">
            <Button type="submit" disabled={saving}>
              {saving ? "Updating..." : "Update password"}
            </Button>
            <Link to={PATH} className={buttonClass("secondary")}>
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <Link to={`${PATH}?password=1`} className={buttonClass("secondary", "md", "mt-2")}>
          Change password
        </Link>
      )}
    </Card>
  );
}

export const meta: MetaFunction = () => [{ title: "Personal Info - Cardshare" }];

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
