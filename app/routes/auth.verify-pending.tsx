import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { FormMessage } from "~/components/forms/field";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { resendVerification } from "~/modules/auth/accounts.server";
import { MESSAGES } from "~/modules/auth/messages";
import { EmailOnlySchema } from "~/modules/auth/schemas";
import { DomainError } from "~/utils/api.server";
import { requestMeta } from "~/utils/request-meta.server";
import { getServices } from "~/utils/services.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const email = EmailOnlySchema.safeParse({ email: url.searchParams.get("email") ?? undefined });
  return {
    email: email.success ? email.data.email : null,
    message: url.searchParams.get("registered") === "1" ? MESSAGES.registered : MESSAGES.pendingDefault,
  };
}

/** Resend Verification Email: the same answer whether or not the address has an account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = EmailOnlySchema.safeParse({ email: (await request.formData()).get("email") ?? undefined });
  if (!parsed.success) {
    return data({ ok: false, message: "Email address is missing. Please go back to login and try again." }, 400);
  }
  try {
    const result = await resendVerification(getServices(context), parsed.data.email, requestMeta(request));
    return { ok: true, message: result.message };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ ok: false, message: error.message }, error.status);
  }
}

export default function VerifyPending() {
  const { email, message } = useLoaderData<typeof loader>();
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
              {result.ok ? result.message : result.message || "Failed to resend verification email. Please try again."}
            </FormMessage>
          ) : null}
          <Form method="post">
            <input type="hidden" name="email" value={email} />
            <Button type="submit" variant="secondary" className="w-full" disabled={sending || sent}>
              {sending ? "Sending..." : sent ? "Email Sent" : "Resend Verification Email"}
            </Button>
          </Form>
        </>
      ) : (
        <FormMessage tone="error">{MESSAGES.pendingMissingEmail}</FormMessage>
      )}
      <Link to="/auth" className={buttonClass("ghost", "md", "w-full")}>
        Back to Login
      </Link>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Verify your email - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
