import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { Field } from "~/components/forms/field";
import { FormError } from "~/components/forms/form-error";
import { Button } from "~/components/ui/button";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { PASSWORD_HINT, RegisterSchema } from "~/modules/auth/schemas";
import { TabForm, useTabForm } from "./tab-form";

/** The Register tab: a new local account, verified by email before it can sign in. */
export function RegisterForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult }) {
  const { fields, clear, submitting, formProps, formError } = useTabForm(
    "register",
    RegisterSchema,
    lastResult,
    AUTH_MESSAGES.registrationFailed,
  );
  const input = (name: keyof typeof fields, type: "text" | "email" | "password", autoComplete: string) => ({
    ...getInputProps(fields[name], { type }),
    autoComplete,
    onInput: () => clear.onEdit(name),
  });

  return (
    <TabForm
      formProps={formProps}
      intent="register"
      redirectTo={redirectTo}
      title="Create Your Account"
      subtitle="Sign up to get started with our service"
    >
      {/* Where the verification link continues to (a shared referral, /apply, /refer). */}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormError message={formError} answer={lastResult} />
      <Field
        label="Username"
        inputProps={input("username", "text", "username")}
        errors={clear.visible("username", fields.username.errors)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          inputProps={input("firstName", "text", "given-name")}
          errors={clear.visible("firstName", fields.firstName.errors)}
        />
        <Field
          label="Last name"
          inputProps={input("lastName", "text", "family-name")}
          errors={clear.visible("lastName", fields.lastName.errors)}
        />
      </div>
      <Field
        label="Email"
        inputProps={input("email", "email", "email")}
        errors={clear.visible("email", fields.email.errors)}
      />
      <Field
        label="Password"
        hint={PASSWORD_HINT}
        inputProps={input("password", "password", "new-password")}
        errors={clear.visible("password", fields.password.errors)}
      />
      <Field
        label="Confirm password"
        inputProps={input("confirmPassword", "password", "new-password")}
        errors={clear.visible("confirmPassword", fields.confirmPassword.errors)}
      />
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Creating Account..." : "Create Account"}
      </Button>
    </TabForm>
  );
}
