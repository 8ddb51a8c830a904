import { getInputProps, getTextareaProps } from "@conform-to/react";
import { TextareaField } from "~/components/forms/field";
import { InputFor, SelectFor } from "~/modules/referrals/bound-fields";
import type { ErrorsOf, ReferralFormFields } from "~/modules/referrals/referral-fields";
import type { CardRules } from "~/modules/referrals/schemas";
import { BONUS_UNITS, CARD_CATEGORIES } from "../../../db/enums";

/** A new card brings no rules of its own: its cap and varying bonus are catalogue fields (admins set them). */
export function newCardRules(): CardRules {
  return { hasVariousReferrerBonus: false, maxReferCount: 0 };
}

/**
 * The 'Other (Not Listed)' card (docs/product.md#refer): only what a member knows. Card Name, Card
 * Issuer, Card Category and Annual Fee required, a description, the bonus and the website
 * optional; the catalogue's own fields (image, cap, offer details) are the admin form's. It is
 * written with the referral and waits for an admin's review (docs/decisions/155).
 */
export function NewCardFields({ fields, errorsOf }: { fields: ReferralFormFields; errorsOf: ErrorsOf }) {
  const card = fields.newCard.getFieldset();
  const bound = { errorsOf };
  return (
    <fieldset className="grid gap-4 rounded-card border border-line p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-ink">New card</legend>
      <input {...getInputProps(fields.creditCardId, { type: "hidden" })} />
      <InputFor {...bound} field={card.name} label="Card Name" />
      <InputFor {...bound} field={card.issuer} label="Card Issuer" />
      <SelectFor
        {...bound}
        field={card.category}
        label="Card Category"
        placeholder="Select a category"
        options={CARD_CATEGORIES}
      />
      <InputFor {...bound} field={card.annualFee} label="Annual Fee" type="number" min={0} step={1} />
      <TextareaField
        label="Description"
        className="sm:col-span-2"
        textareaProps={{ ...getTextareaProps(card.description), rows: 3 }}
        errors={errorsOf(card.description)}
      />
      <InputFor {...bound} field={card.referralBonusAmount} label="Referral bonus" type="number" min={0} step="any" />
      <SelectFor {...bound} field={card.referralBonusUnit} label="Bonus unit" options={BONUS_UNITS} />
      <InputFor {...bound} field={card.officialWebsite} label="Official Website" type="url" placeholder="https://" />
    </fieldset>
  );
}
