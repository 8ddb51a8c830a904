import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useSubmit } from "@remix-run/react";
import { CheckCircle2, Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { FormMessage } from "~/components/forms/field";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { formAction, intent, withHeaders } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { verifyEmail } from "~/modules/auth/accounts.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { EmailOnlySchema, VERIFY_NO_TOKEN, VerifyEmailSchema } from "~/modules/auth/schemas";
import { serializeSessionCookie } from "~/modules/auth/session.server";
import { shouldUseSecureCookies } from "~/utils/auth.server";

const REDIRECT_SECONDS = 3;

/**
 * The page does not verify on GET: mail scanners open links. With JavaScript it verifies at once
 * with a POST; without, the person presses Verify my email.
 */
export const loader = pageLoader({
  access: "anyone",
  query: z.object({ token: z.string().optional(), email: z.string().optional() }),
  async run({ query }) {
    const email = EmailOnlySchema.safeParse({ email: query.email });
    return { token: query.token ?? "", email: email.success ? email.data.email : null };
  },
});

/**
 * Verifies, and signs in only a browser without a session: one signed in to another account keeps
 * its session and is asked to sign in (login CSRF, docs/decisions/081). A failure nobody foresaw
 * says the spec's 'An error occurred while verifying your email. Please try again later.'
 */
export const action = formAction({
  access: "anyone",
  intents: {
    default: intent.anyone({
      schema: VerifyEmailSchema,
      unexpectedMessage: AUTH_MESSAGES.verifyError,
      async run({ ctx, value, request }) {
        const { session, message, signedIn } = await verifyEmail(ctx, {
          token: value.token,
          userAgent: request.headers.get("User-Agent"),
        });
        if (!session) return { message, signedIn };
        const cookie = serializeSessionCookie(session.token, {
          remember: false,
          secure: shouldUseSecureCookies(request),
        });
        return withHeaders({ message, signedIn }, { "Set-Cookie": cookie });
      },
    }),
  },
});

export default function VerifyEmail() {
  const { token, email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submit = useSubmit();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (token && !result && !started.current) {
      started.current = true;
      submit({ token }, { method: "post", replace: true });
    }
  }, [token, result, submit]);

  useEffect(() => {
    if (!result?.ok || !result.signedIn) return;
    const timer = setTimeout(() => navigate("/"), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  if (!token) {
    return (
      <AuthCard title="Email verification">
        <FormMessage tone="error">{VERIFY_NO_TOKEN}</FormMessage>
        <Link to="/auth" className={buttonClass("ghost", "md", "w-full")}>
          Back to Login
        </Link>
      </AuthCard>
    );
  }

  if (result?.ok && !result.signedIn) {
    return (
      <AuthCard title="Email verified">
        <div className="flex items-start gap-3">
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success-700" />
          <p role="status" className="text-sm">
            {result.message}
          </p>
        </div>
        <Form method="post" action="/auth/logout">
          <Button type="submit" className="w-full">
            Sign out
          </Button>
        </Form>
        <Link to="/" className={buttonClass("ghost", "md", "w-full")}>
          Back to Cardshare
        </Link>
      </AuthCard>
    );
  }

  if (result?.ok) {
    return (
      <AuthCard title="Email verified">
        {/* Without JavaScript the browser follows this after the same 3 seconds. */}
        <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=/`} />
        <div className="flex items-start gap-3">
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success-700" />
          <p role="status" className="text-sm">
            {result.message} Taking you to Cardshare in {REDIRECT_SECONDS} seconds...
          </p>
        </div>
      </AuthCard>
    );
  }

  if (result) {
    return (
      <AuthCard title="Email verification">
        <FormMessage tone="error">{result.message || AUTH_MESSAGES.verifyFailedNoMessage}</FormMessage>
        {email ? (
          <Form method="post" action={`/auth/verify-pending?${new URLSearchParams({ email })}`}>
            <input type="hidden" name="email" value={email} />
            <Button type="submit" variant="secondary" className="w-full">
              Resend Verification Email
            </Button>
          </Form>
        ) : null}
        <Link to="/auth" className={buttonClass("ghost", "md", "w-full")}>
          Back to Login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Email verification">
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        Verifying your email...
      </p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <noscript>
          <Button type="submit" className="w-full">
            Verify my email
          </Button>
        </noscript>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Email verification - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
