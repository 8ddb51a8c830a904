/**
 * A referral's own fields (docs/product.md#refer, step 2): link, credit score, available
 * referrals with the cap warning, the share of the bonus, the special bonuses and additional info.
 * They take conform's fields of a form on ReferralFormValue, so /refer's details step (and any
 * form that edits a referral) shows the same fields with the same rules.
 */
import { getCollectionProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { CheckboxField, ErrorList, Field, SelectField, TextareaField } from "~/components/forms/field";
import { useHydrated } from "~/core/hooks";
import { BONUS_UNITS } from "../../../db/enums";
import { SHARING_CHOICES, sharePercent, sharingLabel, type ReferralSectionProps } from "./form-values";
import { ReferralFieldsSchema, willBeCapped, type CardRules } from "./schemas";
import { CreditChoice, ShareMoneyFields } from "./share-fields";

export { sharePercent, type ErrorsOf, type ReferralFormFields, type ReferralFormMeta } from "./form-values";

const fromSchema = getZodConstraint(ReferralFieldsSchema);

/** The HTML constraints of a referral form (required, min, max, maxLength), from the fields' schema. */
export const REFERRAL_CONSTRAINT = {
  ...fromSchema,
  // conform reads an optional checkbox (an optional union) and a nullable number as required:
  // neither is (an empty count means unlimited).
  "specialApplicantBonus.isHigher": { required: false },
  "newCard.hasVariousReferrerBonus": { required: false },
  availableReferCount: { ...fromSchema.availableReferCount, required: false },
  // The card rules require it ('Please describe the card'), in a refinement constraints do not see.
  "newCard.description": { ...fromSchema["newCard.description"], required: true },
};

/** Why the special referral bonus is required, if it is (docs/product.md#referrals). */
function referrerBonusReason(rules: CardRules | undefined, share: number) {
  if (rules?.hasVariousReferrerBonus) return "Required: this card's referral bonus varies by referrer.";
  if (share > 0) return `Required: you share ${Math.min(share, 100)}% of your bonus with the applicant.`;
  return null;
}

export function ReferralFields({ form, fields, rules, errorsOf }: ReferralSectionProps<CardRules>) {
  const hydrated = useHydrated();
  const count = fields.availableReferCount.value;
  const capped = rules && willBeCapped(count ? Number(count) : null, rules.maxReferCount);
  const share = sharePercent(fields);
  const bonusReason = referrerBonusReason(rules, share);
  const referrerBonus = fields.specialReferrerBonus.getFieldset();
  const applicantBonus = fields.specialApplicantBonus.getFieldset();
  const sharing = fields.sharingBenefitPortion;

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Referral link"
          className="sm:col-span-2"
          hint="The https link the issuer gave you."
          inputProps={{ ...getInputProps(fields.referralLink, { type: "url" }), placeholder: "https://" }}
          errors={errorsOf(fields.referralLink)}
        />
        <Field
          label="Available referrals"
          hint={
            capped ? (
              <span className="text-warning-700">
                This card allows {rules.maxReferCount} referrals per member: your number will be capped at{" "}
                {rules.maxReferCount}.
              </span>
            ) : (
              "Leave empty for unlimited."
            )
          }
          inputProps={{ ...getInputProps(fields.availableReferCount, { type: "number" }), min: 1 }}
          errors={errorsOf(fields.availableReferCount)}
        />
      </div>

      <fieldset id={sharing.id} aria-describedby={`${sharing.id}-hint`}>
        <legend className="text-sm font-medium text-ink">Share of your referral bonus with the applicant</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {getCollectionProps(sharing, { type: "radio", options: [...SHARING_CHOICES] }).map(({ key, ...radio }) => (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-2 rounded-card border border-line px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input {...radio} />
              {sharingLabel(radio.value)}
            </label>
          ))}
        </div>
        <Field
          label="Custom share (%)"
          className="mt-3 max-w-48"
          inputProps={{ ...getInputProps(fields.sharingCustom, { type: "number" }), min: 0, max: 100 }}
        />
        <p id={`${sharing.id}-hint`} className="mt-1.5 text-xs text-muted">
          {sharing.value === "custom" ? "Enter a percentage from 0 to 100." : "Used when Custom is chosen."}
        </p>
        <ErrorList errors={errorsOf(sharing)} reserve />
      </fieldset>

      {/* Without JavaScript the terms are always there (the server ignores them with no share). */}
      {!hydrated || share > 0 ? (
        <ShareMoneyFields form={form} fields={fields} rules={rules} errorsOf={errorsOf} />
      ) : null}

      <CreditChoice fields={fields} errorsOf={errorsOf} />

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-ink">
          Your special referral bonus {bonusReason ? "(required)" : "(optional)"}
        </legend>
        <Field
          label="Bonus amount"
          hint={bonusReason}
          inputProps={{ ...getInputProps(referrerBonus.amount, { type: "number" }), min: 0, step: "any" }}
          errors={errorsOf(referrerBonus.amount)}
        />
        <SelectField
          label="Bonus unit"
          selectProps={getSelectProps(referrerBonus.unit)}
          options={BONUS_UNITS}
          errors={errorsOf(referrerBonus.unit)}
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink">Special bonus for applicants</legend>
        <CheckboxField
          label="My link offers a higher bonus than the public offer"
          inputProps={getInputProps(applicantBonus.isHigher, { type: "checkbox" })}
        />
        <TextareaField
          label="Describe the special bonus"
          textareaProps={{ ...getTextareaProps(applicantBonus.bonus), rows: 2 }}
          errors={errorsOf(applicantBonus.bonus)}
        />
      </fieldset>

      <TextareaField
        label="Additional info"
        textareaProps={{ ...getTextareaProps(fields.additionalInfo), rows: 3 }}
        errors={errorsOf(fields.additionalInfo)}
      />
    </>
  );
}
