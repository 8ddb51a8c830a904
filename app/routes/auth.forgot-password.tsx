import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Field, FormMessage } from "~/components/forms/field";
import { FormError, formLevelMessage } from "~/components/forms/form-error";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { formAction, intent } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { requestPasswordReset } from "~/modules/auth/accounts.server";
import { EmailOnlySchema } from "~/modules/auth/schemas";
import { requestMeta } from "~/utils/request-meta.server";

export const loader = pageLoader({ access: "visitor", run: async () => null });

/** The same answer whether or not the address has an account (docs/product.md#password-reset). */
export const action = formAction({
  access: "anyone",
  intents: {
    default: intent.anyone({
      schema: EmailOnlySchema,
      async run({ ctx, value, request }) {
        const { message } = await requestPasswordReset(ctx, value.email, requestMeta(request));
        return { sent: message };
      },
    }),
  },
});

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(EmailOnlySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailOnlySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state !== "idle";

  return (
    <AuthCard title="Forgot your password?">
      <p className="text-sm text-muted">
        Enter your account&apos;s email and we will send you a link to choose a new password.
      </p>
      {actionData?.ok ? <FormMessage tone="success">{actionData.sent}</FormMessage> : null}
      <FormError message={formLevelMessage(actionData?.result)} answer={actionData} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <Link to="/auth" className={buttonClass("ghost", "md", "w-full")}>
        Back to Sign in
      </Link>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Forgot password - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
