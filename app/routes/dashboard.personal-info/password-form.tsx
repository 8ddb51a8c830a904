import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Field, FormMessage } from "~/components/forms/field";
import { FormError, formLevelMessage } from "~/components/forms/form-error";
import { toast } from "~/components/layout/toaster";
import { Button, buttonClass } from "~/components/ui/button";
import { ChangePasswordSchema } from "~/modules/users/schemas";
import { Card, PATH } from "./settings-card";

const PASSWORD_SUCCESS_MS = 1000;

/** Change password, opened by `?password=1`; Google accounts have none to change. */
export function PasswordCard({
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

  const failure = formLevelMessage(lastResult as SubmissionResult<string[]> | undefined);

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
          <FormError message={failure ? `Error updating password: ${failure}` : null} answer={lastResult} />
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
