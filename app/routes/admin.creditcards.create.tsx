import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CardForm, NEW_CARD_DEFAULTS } from "~/modules/cards/card-form";
import { cardFormAction } from "~/modules/cards/card-form.server";
import { CARD_TEXT, createCard, listIssuers } from "~/modules/cards/cards.server";
import { requireAdmin } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  return { issuers: await listIssuers(getServices(context).db, admin) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return cardFormAction(request, context, createCard, CARD_TEXT.created);
}

export default function CreateCard() {
  const { issuers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="max-w-3xl">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Add New Card</h1>
      <CardForm mode="create" defaults={NEW_CARD_DEFAULTS} issuers={issuers} lastResult={actionData?.result} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Add New Card - Cardshare admin" }];
