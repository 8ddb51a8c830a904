import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormMessage, TextareaField } from "~/components/forms/field";
import { FormError, formLevelMessage } from "~/components/forms/form-error";
import { Button, buttonClass } from "~/components/ui/button";
import { pendingEmailNote, ProfileSchema } from "~/modules/users/schemas";
import type { loader } from "./route";
import { Card, PATH } from "./settings-card";

export type Profile = ReturnType<typeof useLoaderData<typeof loader>>["profile"];

/** The profile's fields, read-only until Edit Profile (`?edit=1`); the email change asks for the password. */
export function ProfileCard({
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
  const failure = formLevelMessage(lastResult as SubmissionResult<string[]> | undefined);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "profile";
  const readOnly = !editing;

  return (
    <Card title="Profile" description={editing ? "Update your details, then save." : undefined}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <FormError message={failure ? `Error updating profile: ${failure}` : null} answer={lastResult} />
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
