import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Field, FormMessage } from "~/components/forms/field";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { requestPasswordReset } from "~/modules/auth/accounts.server";
import { EmailOnlySchema } from "~/modules/auth/schemas";
import { DomainError } from "~/utils/api.server";
import { requireAnonymous } from "~/utils/auth.server";
import { requestMeta } from "~/utils/request-meta.server";
import { getServices } from "~/utils/services.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: EmailOnlySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: null }, 400);
  try {
    const { message } = await requestPasswordReset(getServices(context), submission.value.email, requestMeta(request));
    return { result: submission.reply({ resetForm: true }), sent: message };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ result: submission.reply({ formErrors: [error.message] }), sent: null }, error.status);
  }
}

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
      {actionData?.sent ? <FormMessage tone="success">{actionData.sent}</FormMessage> : null}
      {form.errors?.length ? <FormMessage tone="error">{form.errors[0]}</FormMessage> : null}
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
        Back to Login
      </Link>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Forgot password - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
