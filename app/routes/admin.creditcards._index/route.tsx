import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { FormMessage } from "~/components/forms/field";
import { toast } from "~/components/layout/toaster";
import { buttonClass } from "~/components/ui/button";
import { formAction, type FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { rowIntent } from "~/http/row-intent.server";
import { PageCursor } from "~/modules/admin/queries";
import {
  countCards,
  countReferralsByCard,
  deleteCard,
  listCards,
  listIssuers,
  setCardActive,
} from "~/modules/cards/cards.server";
import { CARD_MESSAGES, IssuerFilter } from "~/modules/cards/schemas";
import { CardRow } from "./card-row";
import { IssuerFilterForm } from "./issuer-filter";

const LIST = "/admin/creditcards";

export const loader = pageLoader({
  access: "admin",
  // `confirm` (the card whose delete is being confirmed) is the page's own state, read by the component.
  query: z.object({ issuer: IssuerFilter, cursor: PageCursor }),
  unexpectedMessage: CARD_MESSAGES.listFailed,
  run: async ({ ctx, query: { issuer, cursor } }) => {
    const [issuers, page, total] = await Promise.all([
      listIssuers(ctx),
      listCards(ctx, { issuer, cursor }),
      countCards(ctx, { issuer }),
    ]);
    const referralCounts = await countReferralsByCard(ctx, { cardIds: page.items.map((card) => card.id) });
    return {
      issuer,
      issuers,
      total,
      nextCursor: page.nextCursor,
      cards: page.items.map((card) => ({ ...card, referralCount: referralCounts.get(card.id) ?? 0 })),
    };
  },
});

/** Back to the list as the admin saw it (issuer filter and page kept, confirmation closed). */
function listUrl(request: Request) {
  const query = new URL(request.url).searchParams;
  query.delete("confirm");
  query.delete("index");
  const search = query.toString();
  return search ? `${LIST}?${search}` : LIST;
}

export const action = formAction({
  access: "admin",
  intents: {
    delete: rowIntent({
      act: (ctx, cardId) => deleteCard(ctx, { cardId }),
      toast: CARD_MESSAGES.deleted,
      backTo: listUrl,
      unexpectedMessage: CARD_MESSAGES.deleteFailed,
    }),
    deactivate: rowIntent({
      act: (ctx, cardId) => setCardActive(ctx, { cardId, active: false }),
      toast: CARD_MESSAGES.deactivated,
      backTo: listUrl,
    }),
    activate: rowIntent({
      act: (ctx, cardId) => setCardActive(ctx, { cardId, active: true }),
      toast: CARD_MESSAGES.updated,
      backTo: listUrl,
    }),
  },
});

export default function AdminCreditCards() {
  const { issuer, issuers, total, cards, nextCursor } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  // Every success redirects: only a refusal comes back, shown beside its row.
  const actionData = useActionData<FormFailure>();
  useEffect(() => {
    if (actionData?.message) toast.error(actionData.message);
  }, [actionData]);
  const confirming = searchParams.get("confirm");
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const search = next.toString();
    return search ? `?${search}` : LIST;
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Credit Card Management</h1>
        <Link to={`${LIST}/create`} className={buttonClass("primary")}>
          Add New Card
        </Link>
      </div>

      <IssuerFilterForm issuer={issuer} issuers={issuers} total={total} clearUrl={LIST} />

      {/* A refusal for the card being confirmed shows in its panel; any other failure here. */}
      {actionData && actionData.id !== confirming ? (
        <div className="mt-4">
          <FormMessage tone="error">{actionData.message}</FormMessage>
        </div>
      ) : null}

      {cards.length === 0 ? (
        <div className="mt-8 rounded-card border border-dashed border-line bg-surface p-10 text-center">
          <p className="text-ink">{issuer ? `No cards found for ${issuer}.` : "No credit cards yet."}</p>
          <Link to={`${LIST}/create`} className={buttonClass("primary", "md", "mt-4")}>
            Add First Card
          </Link>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-card border border-line bg-surface">
          {cards.map((card) => (
            <CardRow
              key={card.id}
              card={card}
              confirming={confirming === card.id}
              confirmUrl={withParams({ confirm: card.id })}
              cancelUrl={withParams({ confirm: null })}
              editUrl={`${LIST}/edit/${card.id}`}
              refusal={actionData?.id === card.id ? actionData : null}
            />
          ))}
        </ul>
      )}

      <nav aria-label="Pages" className="mt-4 flex gap-3">
        {searchParams.get("cursor") ? (
          <Link to={withParams({ cursor: null, confirm: null })} className={buttonClass("secondary", "sm")}>
            First page
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={withParams({ cursor: nextCursor, confirm: null })} className={buttonClass("secondary", "sm")}>
            Next page
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Credit Card Management - Cardshare admin" }];
