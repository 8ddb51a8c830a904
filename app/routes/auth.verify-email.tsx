import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useSubmit } from "@remix-run/react";
import { CheckCircle2, Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
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
import { shouldUseSecureCookies } from "~/http/auth.server";
import { safeRedirect } from "~/utils/redirect";

const REDIRECT_SECONDS = 3;

/**
 * The page does not verify on GET: mail scanners open links. With JavaScript it verifies at once
 * with a POST; without, the person presses Verify my email.
 */
export const loader = pageLoader({
  access: "anyone",
  query: z.object({ token: z.string().optional(), email: z.string().optional(), redirectTo: z.string().optional() }),
  async run({ query }) {
    const email = EmailOnlySchema.safeParse({ email: query.email });
    return {
      token: query.token ?? "",
      email: email.success ? email.data.email : null,
      // The page the person signed up from (a shared referral...), carried by the link: verified, they continue there.
      next: safeRedirect(query.redirectTo, "/"),
    };
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

/**
 * "Taking you to Cardshare in 3 seconds...", counting down, with a Continue link to go at once.
 * Without JavaScript the count stays and the browser follows the meta refresh after the same time;
 * Continue is a plain link either way.
 */
function RedirectCountdown({ to, seconds }: { to: string; seconds: number }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      navigate(to);
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, to]);
  return (
    <>
      <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
      <p className="text-sm text-muted" aria-live="off">
        Taking you to Cardshare in {left} {left === 1 ? "second" : "seconds"}...
      </p>
      <Link to={to} className={buttonClass("primary", "md", "w-full")}>
        Continue
      </Link>
    </>
  );
}

export default function VerifyEmail() {
  const { token, email, next } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submit = useSubmit();
  const started = useRef(false);

  useEffect(() => {
    if (token && !result && !started.current) {
      started.current = true;
      submit({ token }, { method: "post", replace: true });
    }
  }, [token, result, submit]);

  // The answer of a post comes first: a post need not carry the token in its URL.
  if (!token && !result) {
    return (
      <AuthCard title="Email verification">
        <FormMessage tone="error">{VERIFY_NO_TOKEN}</FormMessage>
        <Link to="/auth" className={buttonClass("ghost", "md", "w-full")}>
          Back to Sign in
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
        <div className="flex items-start gap-3">
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success-700" />
          <p role="status" className="text-sm">
            {result.message}
          </p>
        </div>
        <RedirectCountdown to={next} seconds={REDIRECT_SECONDS} />
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
            {next !== "/" ? <input type="hidden" name="redirectTo" value={next} /> : null}
            <Button type="submit" variant="secondary" className="w-full">
              Resend Verification Email
            </Button>
          </Form>
        ) : null}
        <Link to="/auth" className={buttonClass("ghost", "md", "w-full")}>
          Back to Sign in
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
