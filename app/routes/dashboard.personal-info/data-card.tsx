import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms/field";
import { FormError, formLevelMessage } from "~/components/forms/form-error";
import { Button, buttonClass } from "~/components/ui/button";
import { DeleteAccountSchema } from "~/modules/users/schemas";
import { Card, PATH } from "./settings-card";

export const EXPORT_URL = "/api/users/me/export";

/** What deleting does, said before the member confirms (docs/product.md#your-data). */
const CONSEQUENCES = [
  "Your profile, email, names and password are erased, and you are signed out everywhere.",
  "Your referrals are withdrawn and leave search for good.",
  "Reviews and messages you wrote stay for the people they were written to, shown as 'Deleted user'.",
  "This cannot be undone: a new account starts from nothing.",
];

/**
 * Your data: download everything as one JSON file, or delete the account. Deleting opens with
 * `?delete=1` (a link, so it works without JavaScript) and asks for the password, or for a recent
 * Google sign-in on accounts that have no password.
 */
export function DataCard({
  isLocal,
  requested,
  googleConfirmed,
  lastResult,
}: {
  isLocal: boolean;
  requested: boolean;
  /** A Google account whose session is fresh enough to stand for the password. */
  googleConfirmed: boolean;
  lastResult?: SubmissionResult;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult,
    constraint: getZodConstraint(DeleteAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeleteAccountSchema }),
    shouldValidate: "onSubmit",
  });
  const failure = formLevelMessage(lastResult as SubmissionResult<string[]> | undefined);
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "deleteAccount";
  const open = requested || Boolean(lastResult);

  return (
    <Card title="Your data" description="Take a copy of everything you have given Cardshare, or close your account.">
      <div className="flex flex-wrap gap-3">
        <a href={EXPORT_URL} download className={buttonClass("secondary")}>
          Download my data
        </a>
        {open ? null : (
          <Link to={`${PATH}?delete=1#your-data-card`} className={buttonClass("destructive")}>
            Delete my account
          </Link>
        )}
      </div>
      <p className="mt-2 text-sm text-muted">
        One JSON file: profile, privacy settings, referrals, applications, comments, chats and messages, tips.
      </p>
      {open ? (
        <Form
          method="post"
          {...getFormProps(form)}
          className="mt-6 max-w-xl space-y-4 rounded-card border border-red-300 bg-red-50 p-4"
        >
          <input type="hidden" name="intent" value="deleteAccount" />
          <h3 className="font-semibold text-red-900">Delete your account?</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-red-900">
            {CONSEQUENCES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <FormError message={failure} answer={lastResult} />
          {isLocal ? (
            <Field
              label="Your password, to confirm"
              inputProps={{
                ...getInputProps(fields.password, { type: "password" }),
                autoComplete: "current-password",
              }}
              errors={fields.password.errors}
            />
          ) : googleConfirmed ? (
            <p className="text-sm text-red-900">You signed in with Google a moment ago, which confirms it is you.</p>
          ) : (
            <p className="text-sm text-red-900">
              Your account signs in with Google: sign out, sign in again with Google, and come back here within 10
              minutes to confirm.
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" disabled={deleting || (!isLocal && !googleConfirmed)}>
              {deleting ? "Deleting..." : "Delete my account for good"}
            </Button>
            <Link to={PATH} className={buttonClass("secondary")}>
              Cancel
            </Link>
          </div>
        </Form>
      ) : null}
    </Card>
  );
}
