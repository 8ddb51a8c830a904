import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FormMessage } from "~/components/forms/field";
import { Button, buttonClass } from "~/components/ui/button";
import { CardImage } from "~/modules/cards/card-image";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import type { loader } from "./route";

type Card = ReturnType<typeof useLoaderData<typeof loader>>["cards"][number];

/**
 * One card of the list: its facts, Edit, Activate when inactive, and Delete, which opens the
 * confirmation in place (`?confirm=<id>`, a link, so it works without JavaScript). When the card
 * has referrals the refusal offers Mark as Inactive instead.
 */
export function CardRow({
  card,
  confirming,
  confirmUrl,
  cancelUrl,
  editUrl,
  refusal,
}: {
  card: Card;
  confirming: boolean;
  confirmUrl: string;
  cancelUrl: string;
  editUrl: string;
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
          <Link to={editUrl} className={buttonClass("secondary", "sm")} aria-label={`Edit ${card.name}`}>
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
