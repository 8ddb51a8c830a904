import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useSubmit } from "@remix-run/react";
import { CheckCircle2, Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { FormMessage } from "~/components/forms/field";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { verifyEmail } from "~/modules/auth/accounts.server";
import { EmailOnlySchema, VERIFY_NO_TOKEN, VerifyEmailSchema } from "~/modules/auth/schemas";
import { serializeSessionCookie } from "~/modules/auth/session.server";
import { DomainError } from "~/utils/api.server";
import { getOptionalUser, shouldUseSecureCookies } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

const REDIRECT_SECONDS = 3;

/**
 * The page does not verify on GET: mail scanners open links. With JavaScript it verifies at once
 * with a POST; without, the person presses Verify my email.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const email = EmailOnlySchema.safeParse({ email: url.searchParams.get("email") ?? undefined });
  return { token: url.searchParams.get("token") ?? "", email: email.success ? email.data.email : null };
}

/**
 * Verifies, and signs in only a browser without a session: one signed in to another account keeps
 * its session and is asked to sign in (login CSRF, docs/decisions/081).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = VerifyEmailSchema.safeParse({ token: (await request.formData()).get("token") ?? undefined });
  if (!parsed.success) return data({ ok: false as const, message: VERIFY_NO_TOKEN }, 400);
  try {
    const current = await getOptionalUser(request, context);
    const { session, message, signedIn } = await verifyEmail(getServices(context), parsed.data.token, {
      currentUserId: current?.id ?? null,
      userAgent: request.headers.get("User-Agent"),
    });
    const headers = new Headers();
    if (session) {
      headers.set(
        "Set-Cookie",
        serializeSessionCookie(session.token, { remember: false, secure: shouldUseSecureCookies(request) }),
      );
    }
    return data({ ok: true as const, message, signedIn }, { headers });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(
      { ok: false as const, message: error.message || "Verification failed. Please try again." },
      error.status,
    );
  }
}

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
        <FormMessage tone="error">{result.message}</FormMessage>
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
