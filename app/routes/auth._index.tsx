import { getFormProps, getInputProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { clsx } from "clsx";
import { CreditCard } from "lucide-react";
import { useEffect, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { z } from "zod";
import { toast } from "~/components/layout/toaster";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { CheckboxField, Field, FormMessage } from "~/components/forms/field";
import { useClearOnEdit } from "~/components/forms/use-clear-on-edit";
import { Button } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { loginWithPassword, registerUser } from "~/modules/auth/accounts.server";
import { isGoogleEnabled } from "~/modules/auth/google.server";
import { LoginSchema, PASSWORD_HINT, RegisterSchema } from "~/modules/auth/schemas";
import { serializeSessionCookie } from "~/modules/auth/session.server";
import { shouldUseSecureCookies } from "~/utils/auth.server";
import { safeRedirect } from "~/utils/redirect";
import { requestMeta } from "~/utils/request-meta.server";

type Tab = "login" | "register";

/** What a failed sign-in or registration says when there is no reason to give (docs/product.md#auth-texts). */
const LOGIN_FAILED = "Login failed. Please try again.";
const REGISTRATION_FAILED = "Registration failed. Please try again.";

export const loader = pageLoader({
  access: "visitor",
  // Any other tab is the login tab.
  query: z.object({
    tab: z.enum(["login", "register"]).catch("login"),
    redirectTo: z.string().optional(),
  }),
  async run({ ctx, query }) {
    return {
      tab: query.tab,
      redirectTo: safeRedirect(query.redirectTo, ""),
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
      unexpectedMessage: LOGIN_FAILED,
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
      unexpectedMessage: REGISTRATION_FAILED,
      async run({ ctx, value, request }) {
        const { email } = await registerUser(ctx, value, requestMeta(request));
        return redirectTo(`/auth/verify-pending?${new URLSearchParams({ email, registered: "1" })}`);
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
              {value === "login" ? "Login" : "Register"}
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
            <RegisterForm lastResult={actionData?.intent === "register" ? actionData.result : undefined} />
          )}
          {googleEnabled ? <GoogleButton /> : null}
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

/** Shows a failed submission's message as an error toast too (spec: failures toast). */
function useErrorToast(lastResult: SubmissionResult | undefined, fallback: string) {
  useEffect(() => {
    if (lastResult?.status === "error") {
      const message = lastResult.error?.[""]?.[0];
      toast.error(message ?? fallback);
    }
  }, [lastResult, fallback]);
}

/**
 * One tab's form: conform with the shared zod schema (validated on submit, in the browser and on
 * the server), errors cleared as fields are edited, the pending label, and a toast on failure.
 */
function useTabForm<Schema extends typeof LoginSchema | typeof RegisterSchema>(
  intent: Tab,
  schema: Schema,
  lastResult: SubmissionResult | undefined,
  failureMessage: string,
) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: intent,
    lastResult,
    constraint: getZodConstraint(schema),
    // The generic schema loses zod's output type, restored by the annotation above.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema }) as Submission<z.input<Schema>, string[], z.output<Schema>>,
    shouldValidate: "onSubmit",
  });
  const clear = useClearOnEdit(lastResult);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  useErrorToast(lastResult, failureMessage);
  const formProps = {
    ...getFormProps(form),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      clear.reset();
      form.onSubmit(event);
    },
  };
  return { form, fields, clear, submitting, formProps };
}

/** The frame of a tab's form: heading, subline and the intent the action dispatches on. */
function TabForm({
  formProps,
  intent,
  title,
  subtitle,
  children,
}: {
  formProps: ComponentProps<typeof Form>;
  intent: Tab;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...formProps} className="space-y-4">
      <div>
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="mt-1 text-sm text-muted">{subtitle}</p>
      </div>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

function LoginForm({
  redirectTo,
  lastResult,
  code,
}: {
  redirectTo: string;
  lastResult?: SubmissionResult;
  code: string | null;
}) {
  const { form, fields, clear, submitting, formProps } = useTabForm("login", LoginSchema, lastResult, LOGIN_FAILED);
  const email = typeof lastResult?.initialValue?.email === "string" ? lastResult.initialValue.email : "";

  return (
    <TabForm formProps={formProps} intent="login" title="Welcome Back" subtitle="Sign in to access your account">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {form.errors?.length ? (
        <FormMessage tone="error">
          {form.errors[0]}
          {code === "EMAIL_NOT_VERIFIED" ? (
            <>
              {" "}
              <Link className="font-medium underline" to={`/auth/verify-pending?${new URLSearchParams({ email })}`}>
                Resend Verification Email
              </Link>
            </>
          ) : null}
        </FormMessage>
      ) : null}
      <Field
        label="Email"
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
          onInput: () => clear.onEdit("email"),
        }}
        errors={clear.visible("email", fields.email.errors)}
      />
      <Field
        label="Password"
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "current-password",
          onInput: () => clear.onEdit("password"),
        }}
        errors={clear.visible("password", fields.password.errors)}
      />
      <div className="flex items-center justify-between">
        <CheckboxField label="Remember me" inputProps={{ name: "remember", value: "on" }} />
        <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Signing in..." : "Sign in"}
      </Button>
    </TabForm>
  );
}

function RegisterForm({ lastResult }: { lastResult?: SubmissionResult }) {
  const { form, fields, clear, submitting, formProps } = useTabForm(
    "register",
    RegisterSchema,
    lastResult,
    REGISTRATION_FAILED,
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
      title="Create Your Account"
      subtitle="Sign up to get started with our service"
    >
      {form.errors?.length ? <FormMessage tone="error">{form.errors[0]}</FormMessage> : null}
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

/** Google sign-in, offered on both tabs (it signs in or creates the account). */
function GoogleButton() {
  const navigation = useNavigation();
  const connecting = navigation.state !== "idle" && navigation.formAction === "/auth/google";
  return (
    <Form method="post" action="/auth/google" className="mt-4">
      <div className="relative my-4 flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <Button type="submit" variant="secondary" className="w-full" disabled={connecting}>
        {connecting ? "Connecting..." : "Continue with Google"}
      </Button>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Sign in - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
