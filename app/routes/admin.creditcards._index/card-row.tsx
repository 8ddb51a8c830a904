import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { cellClass, ConfirmRowAction } from "~/modules/admin/list-ui";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import { CARD_DELETE_COPY } from "./copy";
import type { loader } from "./route";

type Card = ReturnType<typeof useLoaderData<typeof loader>>["cards"][number];

/**
 * One card as a dense table row: name and status, issuer, category, fee, bonus, referrals, and
 * the actions: Edit, Activate when inactive, and a quiet Delete that asks first.
 */
export function CardRow({ card, editUrl }: { card: Card; editUrl: string }) {
  return (
    <tr>
      <th scope="row" className={`${cellClass} text-left font-medium`}>
        <span className="block max-w-64 truncate" title={card.name}>
          {card.name}
        </span>
        <span className="mt-0.5 flex flex-wrap gap-1">
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
            <Link
              to="/admin/review"
              className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 underline"
            >
              User-added: review
            </Link>
          ) : null}
          {card.imageUrl ? null : <span className="text-xs text-muted">No Image</span>}
        </span>
      </th>
      <td className={`${cellClass} whitespace-nowrap`}>{card.issuer}</td>
      <td className={`${cellClass} whitespace-nowrap`}>{card.category}</td>
      <td className={`${cellClass} tabular whitespace-nowrap`}>{formatAnnualFee(card.annualFee)}</td>
      <td className={`${cellClass} tabular whitespace-nowrap`}>
        {formatBonus({ amount: card.referralBonusAmount, unit: card.referralBonusUnit })}
      </td>
      <td className={`${cellClass} tabular`}>{card.referralCount}</td>
      <td className={cellClass}>
        <div className="flex items-center gap-1 whitespace-nowrap">
          <Link to={editUrl} className={buttonClass("ghost", "sm")} aria-label={`Edit ${card.name}`}>
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
          <ConfirmRowAction
            intent="delete"
            id={card.id}
            label={`Delete ${card.name}`}
            copy={CARD_DELETE_COPY(card.name)}
            indexRoute
          />
        </div>
      </td>
    </tr>
  );
}
