import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Button, buttonClass } from "~/components/ui/button";
import { formAction, type FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { rowIntent } from "~/http/row-intent.server";
import { ActionError, AdminTable, ConfirmRowStep, Pager } from "~/modules/admin/list-ui";
import { PageCursor } from "~/modules/admin/queries";
import {
  countCards,
  countReferralsByCard,
  deleteCard,
  listCards,
  listIssuers,
  setCardActive,
} from "~/modules/cards/cards.server";
import { CARD_MESSAGES, CARD_SORTS, IssuerFilter } from "~/modules/cards/schemas";
import { CardRow } from "./card-row";
import { CARD_DELETE_COPY } from "./copy";
import { IssuerFilterForm } from "./issuer-filter";
import { signedInMeta } from "~/utils/signed-in-meta";

const LIST = "/admin/creditcards";

export const loader = pageLoader({
  access: "admin",
  // `confirm` (the row action being confirmed without JavaScript) is the page's own state.
  query: z.object({
    issuer: IssuerFilter,
    q: z.string().trim().max(100, "Search for at most 100 characters").default(""),
    sort: z.enum(CARD_SORTS).catch("issuer"),
    cursor: PageCursor,
  }),
  unexpectedMessage: CARD_MESSAGES.listFailed,
  run: async ({ ctx, query: { issuer, q, sort, cursor } }) => {
    const [issuers, page, total] = await Promise.all([
      listIssuers(ctx),
      listCards(ctx, { issuer, q, sort, cursor }),
      countCards(ctx, { issuer, q }),
    ]);
    const referralCounts = await countReferralsByCard(ctx, { cardIds: page.items.map((card) => card.id) });
    return {
      issuer,
      q,
      sort,
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
      act: (ctx, cardId, reason) => deleteCard(ctx, { cardId, reason }),
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
  const { issuer, q, sort, issuers, total, cards, nextCursor } = useLoaderData<typeof loader>();
  // Every success redirects: only a refusal comes back, shown above the list and as a toast.
  const actionData = useActionData<FormFailure>();
  const refusedCard =
    actionData?.code === "CARD_HAS_REFERRALS" ? cards.find((card) => card.id === actionData.id) : null;
  const cardName = (id: string) => cards.find((card) => card.id === id)?.name ?? "this card";

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Credit Card Management</h1>
        <Link to={`${LIST}/create`} className={buttonClass("primary")}>
          Add New Card
        </Link>
      </div>

      <IssuerFilterForm q={q} issuer={issuer} issuers={issuers} sort={sort} total={total} clearUrl={LIST} />

      <ActionError message={actionData?.message} />
      {refusedCard?.active ? (
        // A card in use cannot be deleted: the refusal offers what can be done instead.
        <Form method="post" className="mt-2">
          <input type="hidden" name="id" value={refusedCard.id} />
          <Button type="submit" name="intent" value="deactivate" size="sm" variant="secondary">
            Mark as Inactive
          </Button>
        </Form>
      ) : null}
      <ConfirmRowStep
        indexRoute
        copyOf={(intent, id) => (intent === "delete" ? CARD_DELETE_COPY(cardName(id)) : null)}
      />

      {cards.length === 0 ? (
        <div className="mt-8 rounded-card border border-dashed border-line bg-surface p-10 text-center">
          <p className="text-ink">
            {issuer ? `No cards found for ${issuer}.` : q ? `No card name starts with '${q}'.` : "No credit cards yet."}
          </p>
          <Link to={`${LIST}/create`} className={buttonClass("primary", "md", "mt-4")}>
            Add First Card
          </Link>
        </div>
      ) : (
        <AdminTable
          caption="Credit cards"
          head={["Card", "Issuer", "Category", "Annual fee", "Referral bonus", "Referrals", "Actions"]}
        >
          {cards.map((card) => (
            <CardRow key={card.id} card={card} editUrl={`${LIST}/edit/${card.id}`} />
          ))}
        </AdminTable>
      )}

      <Pager nextCursor={nextCursor} />
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Credit Card Management - Cardshare admin",
    "The credit cards members can refer: search, sort, add and edit them.",
  );
