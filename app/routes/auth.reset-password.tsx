import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Field, FormMessage } from "~/components/forms/field";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { isResetLinkUsable, resetPassword } from "~/modules/auth/accounts.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { PASSWORD_HINT, ResetPasswordSchema } from "~/modules/auth/schemas";

/** The link is checked as the page opens: a used or expired one gets no form, only a way to a new link. */
export const loader = pageLoader({
  access: "anyone",
  query: z.object({ token: z.string().optional() }),
  async run({ ctx, query }) {
    const token = query.token ?? "";
    return { token, usable: token ? await isResetLinkUsable(ctx, token) : false };
  },
});

export const action = formAction({
  access: "anyone",
  intents: {
    default: intent.anyone({
      schema: ResetPasswordSchema,
      hideFields: ["password", "confirmPassword"],
      async run({ ctx, value }) {
        const { message } = await resetPassword(ctx, value);
        return redirectTo("/auth", { toast: message });
      },
    }),
  },
});

export default function ResetPassword() {
  const { token, usable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ResetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // A failed post keeps the form (its reason beside it); a link already spent on load has no form.
  if (!token || (!usable && !actionData)) {
    return (
      <AuthCard title="Choose a new password">
        <FormMessage tone="error">{token ? AUTH_MESSAGES.resetLinkSpent : AUTH_MESSAGES.resetFailed}</FormMessage>
        <Link to="/auth/forgot-password" className={buttonClass("secondary", "md", "w-full")}>
          Ask for a new link
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {form.errors?.length ? (
        <FormMessage tone="error">
          {form.errors[0]}{" "}
          <Link to="/auth/forgot-password" className="font-medium underline">
            Ask for a new link
          </Link>
        </FormMessage>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <Field
          label="New password"
          hint={PASSWORD_HINT}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <Field
          label="Confirm new password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
        />
        <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Saving..." : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Reset password - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
