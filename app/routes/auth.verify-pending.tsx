import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { z } from "zod";
import { FormMessage } from "~/components/forms/field";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { formAction, intent } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { resendVerification } from "~/modules/auth/accounts.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { EmailOnlySchema } from "~/modules/auth/schemas";
import { safeRedirect } from "~/utils/redirect";
import { requestMeta } from "~/utils/request-meta.server";

export const loader = pageLoader({
  access: "anyone",
  query: z.object({
    email: z.string().optional(),
    registered: z.string().optional(),
    redirectTo: z.string().optional(),
  }),
  async run({ query }) {
    const email = EmailOnlySchema.safeParse({ email: query.email });
    return {
      email: email.success ? email.data.email : null,
      /** Where a resent link continues to, as the first one did. */
      redirectTo: safeRedirect(query.redirectTo, ""),
      message: query.registered === "1" ? AUTH_MESSAGES.registered : AUTH_MESSAGES.pendingDefault,
    };
  },
});

/** The address to resend to: anything but a valid one means the page lost it. */
const ResendSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.resendMissingEmail })
    .trim()
    .max(254, AUTH_MESSAGES.resendMissingEmail)
    .pipe(z.email({ error: AUTH_MESSAGES.resendMissingEmail }))
    .transform((email) => email.toLowerCase()),
  redirectTo: z.string().optional(),
});

/** Resend Verification Email: the same answer whether or not the address has an account. */
export const action = formAction({
  access: "anyone",
  intents: {
    default: intent.anyone({
      schema: ResendSchema,
      unexpectedMessage: AUTH_MESSAGES.resendFailed,
      run: ({ ctx, value, request }) => resendVerification(ctx, value.email, requestMeta(request), value.redirectTo),
    }),
  },
});

export default function VerifyPending() {
  const { email, message, redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const sent = result?.ok === true;

  return (
    <AuthCard title="Check your email">
      {email ? (
        <>
          <div className="flex items-start gap-3">
            <MailCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <div className="text-sm">
              <p>{message}</p>
              <p className="mt-2 text-muted">
                We sent a verification link to <strong className="text-ink">{email}</strong>.
              </p>
            </div>
          </div>
          {result ? (
            <FormMessage tone={result.ok ? "success" : "error"}>
              {result.message || AUTH_MESSAGES.resendFailed}
            </FormMessage>
          ) : null}
          <Form method="post">
            <input type="hidden" name="email" value={email} />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <Button type="submit" variant="secondary" className="w-full" disabled={sending || sent}>
              {sending ? "Sending..." : sent ? "Email Sent" : "Resend Verification Email"}
            </Button>
          </Form>
        </>
      ) : (
        <FormMessage tone="error">{AUTH_MESSAGES.pendingMissingEmail}</FormMessage>
      )}
      <Link
        to={redirectTo ? `/auth?${new URLSearchParams({ redirectTo })}` : "/auth"}
        className={buttonClass("ghost", "md", "w-full")}
      >
        Back to Sign in
      </Link>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Verify your email - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
