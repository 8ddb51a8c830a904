import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckCircle2 } from "lucide-react";
import { FormMessage } from "~/components/forms/field";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { isRevertTokenUsable, revertEmailChange } from "~/modules/auth/accounts.server";
import { MESSAGES } from "~/modules/auth/messages";
import { clearSessionCookie } from "~/modules/auth/session.server";
import { DomainError } from "~/utils/api.server";
import { shouldUseSecureCookies } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** A token as the links carry it (crypto.server createToken); anything else is not a link of ours. */
const readToken = (value: unknown) =>
  typeof value === "string" && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;

/**
 * The link in the notice sent to the old address of an email change (docs/decisions/081). Opening
 * it changes nothing (mail scanners open links); the button restores the address.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = readToken(new URL(request.url).searchParams.get("token"));
  return { token, usable: token ? await isRevertTokenUsable(getServices(context), token) : false };
}

/** Restores the old address and ends every session, this browser's too. */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = readToken((await request.formData()).get("token"));
  if (!token) return data({ ok: false as const, message: MESSAGES.revertFailed }, 400);
  try {
    const { message } = await revertEmailChange(getServices(context), token);
    const cookie = clearSessionCookie({ secure: shouldUseSecureCookies(request) });
    return data({ ok: true as const, message }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ ok: false as const, message: error.message }, error.status);
  }
}

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
          Back to Login
        </Link>
      </AuthCard>
    );
  }

  if (result || !token || !usable) {
    return (
      <AuthCard title="Restore your email address">
        <FormMessage tone="error">{result?.message ?? MESSAGES.revertFailed}</FormMessage>
        <Link to="/auth" className={buttonClass("ghost", "md", "w-full")}>
          Back to Login
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
