import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CardForm } from "~/modules/cards/card-form";
import { cardFormAction } from "~/modules/cards/card-form.server";
import { CARD_TEXT, getCard, listIssuers, updateCard } from "~/modules/cards/cards.server";
import { DomainError } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const { db } = getServices(context);
  try {
    const [card, issuers] = await Promise.all([getCard(db, admin, params.id ?? ""), listIssuers(db, admin)]);
    return { card, issuers };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw await redirectWithToast(context, "/admin/creditcards", {
      type: "error",
      // Spec section 8, Admin cards: the server's message when there is one.
      description: error.message || CARD_TEXT.loadFailed,
    });
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return cardFormAction(
    request,
    context,
    (db, admin, input) => updateCard(db, admin, params.id ?? "", input),
    CARD_TEXT.updated,
  );
}

export default function EditCard() {
  const { card, issuers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-3xl">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Edit Card</h1>
      <p className="-mt-4 mb-6 text-sm text-muted">
        {card.name}
        {card.isUserAdded ? " (added by a member)" : ""}
      </p>
      <CardForm mode="edit" key={card.id} defaults={card} issuers={issuers} lastResult={actionData?.result} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit Card - Cardshare admin" }];
