import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { CheckboxField, Field, FormMessage } from "~/components/forms/field";
import { FormError } from "~/components/forms/form-error";
import { Button } from "~/components/ui/button";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { LoginSchema } from "~/modules/auth/schemas";
import { TabForm, useTabForm } from "./tab-form";

/** The Sign in tab; a not-yet-verified account is offered the verification email again. */
export function LoginForm({
  redirectTo,
  lastResult,
  code,
}: {
  redirectTo: string;
  lastResult?: SubmissionResult;
  code: string | null;
}) {
  const { fields, clear, submitting, formProps, formError } = useTabForm(
    "login",
    LoginSchema,
    lastResult,
    AUTH_MESSAGES.loginFailed,
  );
  const email = typeof lastResult?.initialValue?.email === "string" ? lastResult.initialValue.email : "";

  return (
    <TabForm
      formProps={formProps}
      intent="login"
      redirectTo={redirectTo}
      title="Welcome Back"
      subtitle="Sign in to access your account"
    >
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {/* An unverified account's refusal carries its way out (a link), so it stays in place, never a toast. */}
      {code === "EMAIL_NOT_VERIFIED" && formError ? (
        <FormMessage tone="error">
          {formError}{" "}
          <Link className="font-medium underline" to={`/auth/verify-pending?${new URLSearchParams({ email })}`}>
            Resend Verification Email
          </Link>
        </FormMessage>
      ) : (
        <FormError message={formError} answer={lastResult} />
      )}
      <Field
        label="Email"
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          onInput: () => clear.onEdit("email"),
        }}
        errors={clear.visible("email", fields.email.errors)}
      />
      <Field
        label="Password"
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "current-password",
          onInput: () => clear.onEdit("password"),
        }}
        errors={clear.visible("password", fields.password.errors)}
      />
      <div className="flex items-center justify-between">
        <CheckboxField label="Remember me" inputProps={{ name: "remember", value: "on" }} />
        <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Signing in..." : "Sign in"}
      </Button>
    </TabForm>
  );
}
