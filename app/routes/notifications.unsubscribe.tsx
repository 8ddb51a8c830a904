/**
 * One-click unsubscribe (RFC 8058, ADR 180): a mail client POSTs `List-Unsubscribe=One-Click` to
 * the URL of a notification's List-Unsubscribe header and that one kind turns off, without signing
 * in. A person following the link gets this page first and presses the button: GET changes nothing
 * (mail scanners open links). A forged or expired token is a 400 in words and changes nothing.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "../../db/schema";
import { FormMessage } from "~/components/forms/field";
import { AuthCard } from "~/components/layout/auth-card";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button } from "~/components/ui/button";
import { formAction, intent } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { KIND_INFO, NOTIFICATION_MESSAGES } from "~/modules/notifications/kinds";
import { turnOff } from "~/modules/notifications/settings.server";
import { readUnsubscribe } from "~/modules/notifications/unsubscribe.server";

export const loader = pageLoader({
  access: "anyone",
  query: z.object({ token: z.string().max(500).optional() }),
  async run({ ctx, query }) {
    const grant = await readUnsubscribe(ctx.env, query.token ?? null);
    return { label: KIND_INFO[grant.kind].label };
  },
});

/**
 * The one-click POST: a mail client's body is `List-Unsubscribe=One-Click` (no intent: `default`);
 * the page's button sends the same. The token is in the URL, as the header gave it.
 */
export const action = formAction({
  access: "anyone",
  intents: {
    default: intent.anyone({
      schema: z.object({ "List-Unsubscribe": z.literal("One-Click").optional() }),
      async run({ ctx, request }) {
        const token = new URL(request.url).searchParams.get("token");
        const grant = await readUnsubscribe(ctx.env, token?.slice(0, 500) ?? null);
        const member = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, grant.userId)).get();
        // A deleted account has nothing left to turn off; the answer is the same.
        return member
          ? turnOff(ctx.db, grant)
          : { message: NOTIFICATION_MESSAGES.unsubscribed(KIND_INFO[grant.kind].label) };
      },
    }),
  },
});

export default function Unsubscribe() {
  const { label } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AuthCard title="Email notifications">
      {answer ? (
        <FormMessage tone={answer.ok ? "success" : "error"}>{answer.message}</FormMessage>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm">Stop emails for &ldquo;{label}&rdquo;? Other notifications stay as they are.</p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <Button type="submit">Turn these emails off</Button>
        </Form>
      )}
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Email notifications - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
