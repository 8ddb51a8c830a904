/**
 * The share as money and the credit score's choice on a referral's form (docs/decisions/185): the
 * dollars the applicant receives (prefilled from the bonus's value as the share or card changes,
 * unless the referrer typed their own), how, and within how many days of the bonus posting; and
 * whether applicants see the score, said with why it is asked and that it is optional.
 */
import { getCollectionProps, getInputProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { ErrorList, Field } from "~/components/forms/field";
import { InputFor, SelectFor } from "./bound-fields";
import { useHydrated } from "~/core/hooks";
import { formatCents, LISTED_SHARE_METHODS, MAX_DEADLINE_DAYS } from "~/modules/shares/terms";
import type { BonusUnit } from "../../../db/enums";
import { sharePercent, type ErrorsOf, type ReferralFormFields, type ReferralSectionProps } from "./form-values";
import { estimatedShareCents, OTHER_CARD, type CardRules } from "./schemas";

/** The methods as the form lists them. */
const METHOD_OPTIONS = [
  ["paypal", "PayPal"],
  ["venmo", "Venmo"],
  ["zelle", "Zelle"],
  ["cashapp", "Cash App"],
  ["giftcard", "Gift card"],
  ["other", "Other"],
] as const satisfies readonly (readonly [(typeof LISTED_SHARE_METHODS)[number], string])[];

const dollarsOf = (cents: number) => (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2);

export function ShareMoneyFields({ form, fields, rules, errorsOf }: ReferralSectionProps<CardRules>) {
  const hydrated = useHydrated();
  const share = sharePercent(fields);
  const special = fields.specialReferrerBonus.getFieldset();
  const newCard = fields.newCard.getFieldset();
  const estimate = estimatedShareCents(
    {
      sharingBenefitPortion: share,
      creditCardId: fields.creditCardId.value,
      specialReferrerBonus: {
        amount: Number(special.amount.value) || undefined,
        unit: special.unit.value as BonusUnit,
      },
      newCard:
        fields.creditCardId.value === OTHER_CARD
          ? {
              referralBonusAmount: Number(newCard.referralBonusAmount.value) || 0,
              referralBonusUnit: newCard.referralBonusUnit.value as BonusUnit,
            }
          : undefined,
    },
    rules,
  );

  // Prefill: the estimate goes into the amount while it is empty or still the last estimate.
  const lastEstimate = useRef<string | undefined>(undefined);
  const amount = fields.shareAmount.value ?? "";
  useEffect(() => {
    const next = estimate === null ? "" : dollarsOf(estimate);
    const untouched = amount === "" || amount === lastEstimate.current;
    lastEstimate.current = next;
    if (untouched && next !== amount) form.update({ name: fields.shareAmount.name, value: next });
    // Only a new estimate prefills; typing in the field is the referrer's own amount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [estimate]);

  const bound = { errorsOf };
  return (
    <fieldset className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-ink">How you pay the share</legend>
      <InputFor
        {...bound}
        field={fields.shareAmount}
        label="Amount the applicant receives ($)"
        hint={
          hydrated
            ? estimate === null
              ? "Enter the amount: this bonus has no dollar value."
              : `Estimated from the bonus's value${rules?.program ? ` (${rules.program})` : ""}: ${formatCents(estimate)}. You may change it.`
            : "Empty: the bonus's estimated value."
        }
        type="number"
        min={0.01}
        step="0.01"
      />
      <SelectFor
        {...bound}
        field={fields.shareMethod}
        label="Paid by"
        placeholder="Choose a method"
        options={METHOD_OPTIONS}
      />
      <InputFor
        {...bound}
        field={fields.shareMethodNote}
        label="Which method?"
        hint="Only for Other."
        maxLength={100}
      />
      <InputFor
        {...bound}
        field={fields.shareDeadlineDays}
        label="Paid within (days after the bonus posts)"
        type="number"
        min={1}
        max={MAX_DEADLINE_DAYS}
        step={1}
      />
    </fieldset>
  );
}

const CREDIT_CHOICES = [
  ["no", "Don't show it"],
  ["yes", "Show it to applicants"],
] as const;

/**
 * The score is optional and shown only by choice (docs/decisions/185): applicants see it as
 * 'Approved with 760 · Excellent', a data point for their own odds.
 */
export function CreditChoice({ fields, errorsOf }: { fields: ReferralFormFields; errorsOf: ErrorsOf }) {
  const choice = fields.showCredit;
  return (
    <fieldset id={choice.id} aria-describedby={`${choice.id}-why`} className="space-y-2">
      <legend className="text-sm font-medium text-ink">Your credit score (optional)</legend>
      <p id={`${choice.id}-why`} className="text-xs text-muted">
        If shown, applicants see &ldquo;Approved with 760 · Excellent&rdquo;: it helps them judge their odds. Optional.
      </p>
      <div className="flex flex-wrap gap-2">
        {getCollectionProps(choice, { type: "radio", options: CREDIT_CHOICES.map(([value]) => value) }).map(
          ({ key, ...radio }) => (
            <label
              key={key}
              className="flex cursor-pointer items-center gap-2 rounded-card border border-line px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input {...radio} />
              {CREDIT_CHOICES.find(([value]) => value === radio.value)?.[1]}
            </label>
          ),
        )}
      </div>
      <ErrorList errors={errorsOf(choice)} reserve />
      <Field
        label="Your credit score when approved"
        className="max-w-64"
        hint="Digits only. Used only if shown."
        inputProps={{
          ...getInputProps(fields.referrerCredit, { type: "text" }),
          inputMode: "numeric",
          // Digits only (docs/product.md#referrals): anything else typed is dropped at once.
          onInput: (event) => {
            event.currentTarget.value = event.currentTarget.value.replace(/\D/g, "");
          },
        }}
        errors={errorsOf(fields.referrerCredit)}
      />
    </fieldset>
  );
}
