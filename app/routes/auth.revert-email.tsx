import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckCircle2 } from "lucide-react";
import { z } from "zod";
import { FormMessage } from "~/components/forms/field";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { formAction, intent, withHeaders } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { isRevertTokenUsable, revertEmailChange } from "~/modules/auth/email-change.server";
import { AUTH_MESSAGES } from "~/modules/auth/messages";
import { clearSessionCookie } from "~/modules/auth/session.server";
import { shouldUseSecureCookies } from "~/http/auth.server";

/** A token as the links carry it (crypto.server createToken); anything else is not a link of ours. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The link in the notice sent to the old address of an email change (docs/decisions/081). Opening
 * it changes nothing (mail scanners open links); the button restores the address.
 */
export const loader = pageLoader({
  access: "anyone",
  query: z.object({ token: z.string().optional() }),
  async run({ ctx, query }) {
    const token = query.token && TOKEN.test(query.token) ? query.token : null;
    return { token, usable: token ? await isRevertTokenUsable(ctx, token) : false };
  },
});

/** Restores the old address and ends every session, this browser's too. */
export const action = formAction({
  access: "anyone",
  intents: {
    default: intent.anyone({
      schema: z.object({
        token: z.string({ error: AUTH_MESSAGES.revertFailed }).regex(TOKEN, AUTH_MESSAGES.revertFailed),
      }),
      async run({ ctx, value, request }) {
        const { message } = await revertEmailChange(ctx, value.token);
        return withHeaders(
          { message },
          { "Set-Cookie": clearSessionCookie({ secure: shouldUseSecureCookies(request) }) },
        );
      },
    }),
  },
});

export default function RevertEmail() {
  const { token, usable } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();

  if (result?.ok) {
    return (
      <AuthCard title="Email address restored">
        <div className="flex items-start gap-3">
          <CheckCircle2 aria-hidden className="size-5 shrink-0 text-success-700" />
          <p role="status" className="text-sm">
            {result.message}
          </p>
        </div>
        <Link to="/auth/forgot-password" className={buttonClass("primary", "md", "w-full")}>
          Choose a new password
        </Link>
        <Link to="/auth" className={buttonClass("ghost", "md", "w-full")}>
          Back to Sign in
        </Link>
      </AuthCard>
    );
  }

  if (result || !token || !usable) {
    return (
      <AuthCard title="Restore your email address">
        <FormMessage tone="error">{result?.message ?? AUTH_MESSAGES.revertFailed}</FormMessage>
        <Link to="/auth" className={buttonClass("ghost", "md", "w-full")}>
          Back to Sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Restore your email address">
      <p className="text-sm">
        Someone asked to change the email address of your Cardshare account. Restoring it cancels the change, makes this
        address your sign-in address again and signs out every session, including this one.
      </p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
          Restore my email address
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Restore your email address - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
