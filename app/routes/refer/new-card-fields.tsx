import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Field, SelectField, TextareaField } from "~/components/forms/field";
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
  const text = (field: typeof card.name, type: "text" | "number" | "url" = "text") => getInputProps(field, { type });
  return (
    <fieldset className="grid gap-4 rounded-card border border-line p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-ink">New card</legend>
      <input {...getInputProps(fields.creditCardId, { type: "hidden" })} />
      <Field label="Card Name" inputProps={text(card.name)} errors={errorsOf(card.name)} />
      <Field label="Card Issuer" inputProps={text(card.issuer)} errors={errorsOf(card.issuer)} />
      <SelectField
        label="Card Category"
        placeholder="Select a category"
        options={CARD_CATEGORIES}
        selectProps={getSelectProps(card.category)}
        errors={errorsOf(card.category)}
      />
      <Field
        label="Annual Fee"
        inputProps={{ ...text(card.annualFee, "number"), min: 0, step: 1 }}
        errors={errorsOf(card.annualFee)}
      />
      <TextareaField
        label="Description"
        className="sm:col-span-2"
        textareaProps={{ ...getTextareaProps(card.description), rows: 3 }}
        errors={errorsOf(card.description)}
      />
      <Field
        label="Referral bonus"
        inputProps={{ ...text(card.referralBonusAmount, "number"), min: 0, step: "any" }}
        errors={errorsOf(card.referralBonusAmount)}
      />
      <SelectField
        label="Bonus unit"
        options={BONUS_UNITS}
        selectProps={getSelectProps(card.referralBonusUnit)}
        errors={errorsOf(card.referralBonusUnit)}
      />
      <Field
        label="Official Website"
        inputProps={{ ...text(card.officialWebsite, "url"), placeholder: "https://" }}
        errors={errorsOf(card.officialWebsite)}
      />
    </fieldset>
  );
}
