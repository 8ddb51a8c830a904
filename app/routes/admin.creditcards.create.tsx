import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { formAction, intent, redirectTo, type FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { CardForm, NEW_CARD_DEFAULTS } from "~/modules/cards/card-form";
import { createCard, listIssuers } from "~/modules/cards/cards.server";
import { CARD_MESSAGES, CardFormSchema } from "~/modules/cards/schemas";
import { signedInMeta } from "~/utils/signed-in-meta";

export const loader = pageLoader({
  access: "admin",
  run: async ({ ctx }) => ({ issuers: await listIssuers(ctx) }),
});

export const action = formAction({
  access: "admin",
  intents: {
    // The form has no intent field: an unchecked Active box is simply absent, so off.
    default: intent.admin({
      schema: CardFormSchema,
      unexpectedMessage: CARD_MESSAGES.createFailed,
      run: async ({ ctx, value }) => {
        await createCard(ctx, value);
        return redirectTo("/admin/creditcards", { toast: CARD_MESSAGES.created });
      },
    }),
  },
});

export default function CreateCard() {
  const { issuers } = useLoaderData<typeof loader>();
  // Success redirects: only a failure (field errors, or the spec's text) comes back.
  const actionData = useActionData<FormFailure>();
  return (
    <div className="max-w-3xl">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Add New Card</h1>
      <CardForm mode="create" defaults={NEW_CARD_DEFAULTS} issuers={issuers} lastResult={actionData?.result} />
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Add New Card - Cardshare admin", "Add a credit card that members can publish referrals for.");
