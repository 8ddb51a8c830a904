/**
 * The share as money and the credit score's choice on a referral's form (docs/decisions/180): the
 * dollars the applicant receives (prefilled from the bonus's value as the share or card changes,
 * unless the referrer typed their own), how, and within how many days of the bonus posting; and
 * whether applicants see the score, said with why it is asked and that it is optional.
 */
import { getCollectionProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { ErrorList, Field, SelectField } from "~/components/forms/field";
import { useHydrated } from "~/core/hooks";
import { formatCents, LISTED_SHARE_METHODS, MAX_DEADLINE_DAYS } from "~/modules/shares/terms";
import type { BonusUnit } from "../../../db/enums";
import { sharePercent, type ErrorsOf, type ReferralFormFields, type ReferralSectionProps } from "./form-values";
import { estimatedShareCents, OTHER_CARD, type CardRules } from "./schemas";

/** The methods as the form lists them. */
const METHOD_OPTIONS = LISTED_SHARE_METHODS.map(
  (method) =>
    [
      method,
      { paypal: "PayPal", venmo: "Venmo", zelle: "Zelle", cashapp: "Cash App", giftcard: "Gift card", other: "Other" }[
        method
      ],
    ] as const,
);

const dollarsOf = (cents: number) => (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2);

/** How the estimate was made, for the amount's hint: '20% of 10,000 points at 2.05¢ a point (Chase Ultimate Rewards)'. */
function estimateBasis(rules: CardRules | undefined, share: number) {
  const bonus = rules?.bonus;
  if (!bonus || !(bonus.amount > 0)) return `${share}% of the bonus`;
  const amount = bonus.amount.toLocaleString("en-US");
  if (bonus.unit === "USD") return `${share}% of $${amount}`;
  const cents = rules?.centsPerPoint;
  const rate = cents ? ` at ${cents}¢ a point${rules?.program ? ` (${rules.program})` : ""}` : "";
  return `${share}% of ${amount} ${bonus.unit.toLowerCase()}${rate}`;
}

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

  const method = fields.shareMethod.value;
  return (
    <fieldset className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-ink">How you pay the share</legend>
      <p className="text-xs text-muted sm:col-span-2">
        Applicants see it as money: for example &ldquo;$50 by Zelle within 7 days of the bonus posting&rdquo;.
      </p>
      <Field
        label="Amount the applicant receives ($)"
        hint={
          hydrated
            ? estimate === null
              ? "This bonus has no dollar value to start from: enter the amount."
              : `Estimated: ${formatCents(estimate)}, ${estimateBasis(rules, share)}. Change it if you agree another amount.`
            : "Leave empty to use the bonus's estimated value (the preview shows it)."
        }
        inputProps={{ ...getInputProps(fields.shareAmount, { type: "number" }), min: 0.01, step: "0.01" }}
        errors={errorsOf(fields.shareAmount)}
      />
      <SelectField
        label="Paid by"
        placeholder="Choose a method"
        options={METHOD_OPTIONS}
        selectProps={getSelectProps(fields.shareMethod)}
        errors={errorsOf(fields.shareMethod)}
      />
      {!hydrated || method === "other" ? (
        <Field
          label="Which method?"
          hint={hydrated ? undefined : "Only for Other."}
          inputProps={{ ...getInputProps(fields.shareMethodNote, { type: "text" }), maxLength: 100 }}
          errors={errorsOf(fields.shareMethodNote)}
        />
      ) : null}
      <Field
        label="Paid within (days after the bonus posts)"
        inputProps={{
          ...getInputProps(fields.shareDeadlineDays, { type: "number" }),
          min: 1,
          max: MAX_DEADLINE_DAYS,
          step: 1,
        }}
        errors={errorsOf(fields.shareDeadlineDays)}
      />
    </fieldset>
  );
}

const CREDIT_CHOICES = [
  ["no", "Don't show it"],
  ["yes", "Show it to applicants"],
] as const;

/**
 * The score is optional and shown only by choice (docs/decisions/180): applicants see it as
 * 'Approved with 760 · Excellent', a data point for their own odds.
 */
export function CreditChoice({ fields, errorsOf }: { fields: ReferralFormFields; errorsOf: ErrorsOf }) {
  const hydrated = useHydrated();
  const choice = fields.showCredit;
  const show = choice.value === "yes";
  return (
    <fieldset id={choice.id} aria-describedby={`${choice.id}-why`} className="space-y-2">
      <legend className="text-sm font-medium text-ink">Your credit score (optional)</legend>
      <p id={`${choice.id}-why`} className="text-xs text-muted">
        If you choose to show it, applicants see it on your referral as &ldquo;Approved with 760 · Excellent&rdquo;: the
        score you were approved with helps them judge their own odds. It is optional; leave it hidden if you prefer.
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
      {!hydrated || show ? (
        <Field
          label="Your credit score when approved"
          className="max-w-64"
          hint={hydrated ? "Digits only." : "Digits only. Used only if you choose to show it."}
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
      ) : null}
    </fieldset>
  );
}
