import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { clsx } from "clsx";
import { CreditCard } from "lucide-react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { loginWithPassword, registerUser } from "~/modules/auth/accounts.server";
import { isGoogleEnabled } from "~/modules/auth/google.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { LoginSchema, RegisterSchema } from "~/modules/auth/schemas";
import { serializeSessionCookie } from "~/modules/auth/session.server";
import { shouldUseSecureCookies } from "~/http/auth.server";
import { safeRedirect } from "~/utils/redirect";
import { requestMeta } from "~/utils/request-meta.server";
import { GoogleButton } from "./google-button";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import type { Tab } from "./tab-form";

/** Where each audience of the landing page goes after joining (docs/product.md#shared-referrals). */
const AUDIENCE_HOME: Record<string, string> = { applicant: "/apply", referrer: "/refer" };

export const loader = pageLoader({
  access: "visitor",
  // Any other tab is the login tab.
  query: z.object({
    tab: z.enum(["login", "register"]).catch("login"),
    redirectTo: z.string().optional(),
    /** The landing page's 'Join as an applicant / a referrer': where to continue when nothing else is asked. */
    as: z.string().optional(),
  }),
  async run({ ctx, query }) {
    return {
      tab: query.tab,
      redirectTo: safeRedirect(query.redirectTo, "") || (AUDIENCE_HOME[query.as ?? ""] ?? ""),
      googleEnabled: isGoogleEnabled(ctx),
    };
  },
});

export const action = formAction({
  access: "visitor",
  intents: {
    login: intent.visitor({
      schema: LoginSchema,
      hideFields: ["password"],
      unexpectedMessage: AUTH_MESSAGES.loginFailed,
      async run({ ctx, value, request }) {
        const { session } = await loginWithPassword(ctx, value, requestMeta(request));
        const cookie = serializeSessionCookie(session.token, {
          remember: session.remember,
          secure: shouldUseSecureCookies(request),
        });
        return redirectTo(safeRedirect(value.redirectTo), { headers: { "Set-Cookie": cookie } });
      },
    }),
    register: intent.visitor({
      schema: RegisterSchema,
      hideFields: ["password", "confirmPassword"],
      unexpectedMessage: AUTH_MESSAGES.registrationFailed,
      async run({ ctx, value, request }) {
        const { email } = await registerUser(ctx, value, requestMeta(request));
        const next = safeRedirect(value.redirectTo, "");
        return redirectTo(
          `/auth/verify-pending?${new URLSearchParams({ email, registered: "1", ...(next ? { redirectTo: next } : {}) })}`,
        );
      },
    }),
  },
});

export default function AuthPage() {
  const { tab, redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const failedTab = actionData?.intent;
  const activeTab: Tab = failedTab === "login" || failedTab === "register" ? failedTab : tab;
  const query = (next: Tab) => `?${new URLSearchParams({ tab: next, ...(redirectTo ? { redirectTo } : {}) })}`;

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <div className="mb-6 flex items-center justify-center gap-2 text-brand-700">
        <CreditCard aria-hidden className="size-6" />
        <p className="text-sm font-medium">Your professional journey starts here</p>
      </div>
      <div className="rounded-card border border-line bg-surface shadow-sm">
        <nav aria-label="Sign in or register" className="grid grid-cols-2 border-b border-line">
          {(["login", "register"] as const).map((value) => (
            <Link
              key={value}
              to={query(value)}
              replace
              preventScrollReset
              aria-current={activeTab === value ? "page" : undefined}
              className={clsx(
                "px-4 py-3 text-center text-sm font-medium transition-colors",
                activeTab === value
                  ? "border-b-2 border-brand-600 text-brand-800"
                  : "text-muted hover:bg-canvas hover:text-ink",
              )}
            >
              {value === "login" ? "Sign in" : "Register"}
            </Link>
          ))}
        </nav>
        <div className="p-6">
          {activeTab === "login" ? (
            <LoginForm
              redirectTo={redirectTo}
              lastResult={actionData?.intent === "login" ? actionData.result : undefined}
              code={actionData?.intent === "login" ? actionData.code : null}
            />
          ) : (
            <RegisterForm
              redirectTo={redirectTo}
              lastResult={actionData?.intent === "register" ? actionData.result : undefined}
            />
          )}
          {googleEnabled ? <GoogleButton redirectTo={redirectTo} /> : null}
        </div>
        <p className="border-t border-line px-6 py-4 text-center text-xs text-muted">
          By continuing you agree to our{" "}
          <Link to="/terms" className="text-brand-700 underline">
            Terms of Service
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="text-brand-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Sign in - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
