import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { toast } from "~/components/layout/toaster";
import { z } from "zod";
import { FormMessage } from "~/components/forms/field";
import { Button, buttonClass } from "~/components/ui/button";
import { formAction, type FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { rowIntent } from "~/http/row-intent.server";
import { PageCursor } from "~/modules/admin/queries";
import { CardImage } from "~/modules/cards/card-image";
import {
  countCards,
  countReferralsByCard,
  deleteCard,
  listCards,
  listIssuers,
  setCardActive,
} from "~/modules/cards/cards.server";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import { CARD_MESSAGES, IssuerFilter } from "~/modules/cards/schemas";

const LIST = "/admin/creditcards";

export const loader = pageLoader({
  access: "admin",
  // `confirm` (the card whose delete is being confirmed) is the page's own state, read by the component.
  query: z.object({ issuer: IssuerFilter, cursor: PageCursor }),
  unexpectedMessage: CARD_MESSAGES.listFailed,
  run: async ({ ctx: { db }, user, query: { issuer, cursor } }) => {
    const [issuers, page, total] = await Promise.all([
      listIssuers(db, user),
      listCards(db, user, { issuer, cursor }),
      countCards(db, user, issuer),
    ]);
    const referralCounts = await countReferralsByCard(
      db,
      page.items.map((card) => card.id),
    );
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
      act: (ctx, admin, id) => deleteCard(ctx.db, admin, id),
      toast: CARD_MESSAGES.deleted,
      backTo: listUrl,
      unexpectedMessage: CARD_MESSAGES.deleteFailed,
    }),
    deactivate: rowIntent({
      act: (ctx, admin, id) => setCardActive(ctx.db, admin, id, false),
      toast: CARD_MESSAGES.deactivated,
      backTo: listUrl,
    }),
    activate: rowIntent({
      act: (ctx, admin, id) => setCardActive(ctx.db, admin, id, true),
      toast: CARD_MESSAGES.updated,
      backTo: listUrl,
    }),
  },
});

type Card = ReturnType<typeof useLoaderData<typeof loader>>["cards"][number];

export default function AdminCreditCards() {
  const { issuer, issuers, total, cards, nextCursor } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
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

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filter cards">
        <div>
          <label htmlFor="issuer-filter" className="block text-sm font-medium text-ink">
            Filter by issuer
          </label>
          <select
            id="issuer-filter"
            name="issuer"
            defaultValue={issuer ?? ""}
            key={issuer ?? ""}
            onChange={(event) => submit(event.currentTarget.form)}
            className="mt-1.5 h-10 rounded-card border border-line bg-surface px-3 text-sm"
          >
            <option value="">All issuers</option>
            {issuers.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Apply Filter
        </Button>
        {issuer ? (
          <Link to={LIST} className={buttonClass("ghost")}>
            Clear Filter
          </Link>
        ) : null}
        <p className="ml-auto text-sm text-muted tabular" role="status">
          {total} {total === 1 ? "card" : "cards"} found
        </p>
      </Form>

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

function CardRow({
  card,
  confirming,
  confirmUrl,
  cancelUrl,
  refusal,
}: {
  card: Card;
  confirming: boolean;
  confirmUrl: string;
  cancelUrl: string;
  refusal: { message: string; code: string | null } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === card.id;
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirming) panel.current?.focus();
  }, [confirming]);
  const headingId = `card-${card.id}`;

  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:flex-row">
      <CardImage src={card.imageUrl} alt={`${card.name} card art`} className="w-[120px] shrink-0" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="font-semibold text-ink">
            {card.name}
          </h2>
          <span
            className={
              card.active
                ? "rounded-full bg-success-50 px-2 py-0.5 text-xs font-medium text-success-700"
                : "rounded-full bg-canvas px-2 py-0.5 text-xs font-medium text-muted"
            }
          >
            {card.active ? "Active" : "Inactive"}
          </span>
          {card.isUserAdded ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
              User-added: review
            </span>
          ) : null}
        </div>
        <dl className="mt-1 grid grid-cols-2 gap-x-6 gap-y-0.5 text-sm sm:grid-cols-3">
          <div>
            <dt className="sr-only">Issuer</dt>
            <dd>{card.issuer}</dd>
          </div>
          <div>
            <dt className="sr-only">Category</dt>
            <dd>{card.category}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Annual fee: </dt>
            <dd className="inline tabular">{formatAnnualFee(card.annualFee)}</dd>
          </div>
          <div>
            <dt className="inline text-muted">Referral bonus: </dt>
            <dd className="inline tabular">
              {formatBonus({ amount: card.referralBonusAmount, unit: card.referralBonusUnit })}
            </dd>
          </div>
          <div>
            <dt className="inline text-muted">Referrals: </dt>
            <dd className="inline tabular">{card.referralCount}</dd>
          </div>
        </dl>

        {confirming ? (
          <div
            ref={panel}
            tabIndex={-1}
            role="alertdialog"
            aria-labelledby={`${headingId}-confirm`}
            className="mt-3 space-y-3 rounded-card border border-danger-700/30 bg-danger-50 p-3"
          >
            <p id={`${headingId}-confirm`} className="text-sm font-medium text-danger-700">
              Are you sure you want to delete this credit card?
            </p>
            {refusal ? <FormMessage tone="error">{refusal.message}</FormMessage> : null}
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="id" value={card.id} />
              {refusal?.code === "CARD_HAS_REFERRALS" ? (
                card.active ? (
                  <Button type="submit" name="intent" value="deactivate" size="sm" disabled={busy}>
                    Mark as Inactive
                  </Button>
                ) : null
              ) : (
                <Button type="submit" name="intent" value="delete" variant="destructive" size="sm" disabled={busy}>
                  Delete
                </Button>
              )}
              <Link to={cancelUrl} preventScrollReset className={buttonClass("secondary", "sm")}>
                Cancel
              </Link>
            </Form>
          </div>
        ) : null}
      </div>
      {confirming ? null : (
        <div className="flex shrink-0 items-start gap-2">
          <Link
            to={`${LIST}/edit/${card.id}`}
            className={buttonClass("secondary", "sm")}
            aria-label={`Edit ${card.name}`}
          >
            Edit
          </Link>
          {card.active ? null : (
            <Form method="post">
              <input type="hidden" name="id" value={card.id} />
              <Button
                type="submit"
                name="intent"
                value="activate"
                variant="ghost"
                size="sm"
                aria-label={`Activate ${card.name}`}
              >
                Activate
              </Button>
            </Form>
          )}
          <Link
            to={confirmUrl}
            preventScrollReset
            className={buttonClass("destructive", "sm")}
            aria-label={`Delete ${card.name}`}
          >
            Delete
          </Link>
        </div>
      )}
    </li>
  );
}

export const meta: MetaFunction = () => [{ title: "Credit Card Management - Cardshare admin" }];
