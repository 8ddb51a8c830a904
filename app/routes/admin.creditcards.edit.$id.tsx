import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DomainError } from "~/core/errors";
import { formAction, intent, redirectTo, type FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { CardForm } from "~/modules/cards/card-form";
import { getCard, listIssuers, updateCard } from "~/modules/cards/cards.server";
import { CARD_MESSAGES, CardFormSchema } from "~/modules/cards/schemas";
import { redirectWithToast } from "~/http/toast.server";
import { domainsOfIssuer, setIssuerDomains } from "~/modules/links/domains.server";
import { IssuerDomainsForm } from "~/modules/links/domains-form";
import { IssuerDomainsSchema } from "~/modules/links/schemas";
import { signedInMeta } from "~/utils/signed-in-meta";

const LIST = "/admin/creditcards";
const Params = z.object({ id: z.string() });

export const loader = pageLoader({
  access: "admin",
  params: z.object({ id: z.string().max(64, CARD_MESSAGES.notFound) }),
  unexpectedMessage: CARD_MESSAGES.loadFailed,
  run: async ({ ctx, params, context }) => {
    try {
      const [card, issuers] = await Promise.all([getCard(ctx, { cardId: params.id }), listIssuers(ctx)]);
      return { card, issuers, domains: await domainsOfIssuer(ctx.db, card.issuer) };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // An unknown card goes back to the list with the server's message as the toast.
      throw await redirectWithToast(context, LIST, { type: "error", description: error.message });
    }
  },
});

export const action = formAction({
  access: "admin",
  intents: {
    default: intent.admin({
      schema: CardFormSchema,
      unexpectedMessage: CARD_MESSAGES.updateFailed,
      params: Params,
      run: async ({ ctx, value, params }) => {
        await updateCard(ctx, { cardId: params.id, card: value });
        return redirectTo(LIST, { toast: CARD_MESSAGES.updated });
      },
    }),
    domains: intent.admin({
      schema: IssuerDomainsSchema,
      params: Params,
      run: async ({ ctx, value, params }) => {
        const { message } = await setIssuerDomains(ctx, value);
        return redirectTo(`/admin/creditcards/edit/${params.id}`, { toast: message });
      },
    }),
  },
});

export default function EditCard() {
  const { card, issuers, domains } = useLoaderData<typeof loader>();
  // Success redirects: only a failure (field errors, or the spec's text) comes back.
  const actionData = useActionData<FormFailure>();
  return (
    <div className="max-w-3xl">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Edit Card</h1>
      <p className="-mt-4 mb-6 text-sm text-muted">
        {card.name}
        {card.isUserAdded ? " (added by a member)" : ""}
      </p>
      <CardForm
        mode="edit"
        key={card.id}
        defaults={card}
        issuers={issuers}
        lastResult={actionData?.intent === "domains" ? undefined : actionData?.result}
      />
      <IssuerDomainsForm
        issuer={card.issuer}
        domains={domains}
        refusal={actionData?.intent === "domains" ? { message: actionData.message, answer: actionData } : null}
      />
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Edit Card - Cardshare admin", "Change a credit card's details, offer and referral rules.");
