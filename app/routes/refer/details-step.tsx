import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { SelectField } from "~/components/forms/field";
import { BlockedReasons, useFormCheck } from "~/components/forms/form-check";
import { Button } from "~/components/ui/button";
import type { ReferralFormValue } from "~/modules/referrals/form-values";
import { REFERRAL_CONSTRAINT, ReferralFields, type ErrorsOf } from "~/modules/referrals/referral-fields";
import {
  OTHER_CARD,
  cardRulesIn,
  referralSchema,
  rulesOfCard,
  type CardRow,
  type ReferralInput,
} from "~/modules/referrals/schemas";
import { REFER_PATH, issuerLabel, otherCardUrl, referUrl } from "./flow";
import { NewCardFields, newCardRules } from "./new-card-fields";

type PickerCard = CardRow & { id: string; name: string };

/**
 * Errors another field causes (a share above 0 makes the special referral bonus required; 'higher'
 * makes its description required): shown at their field as soon as they arise, not only once the
 * field was left, so a disabled Preview always says why where the fix is.
 */
const CAUSED_ELSEWHERE = new Set(["specialReferrerBonus.amount", "specialApplicantBonus.bonus"]);

/**
 * Step 2 (docs/product.md#refer): the card (one of the issuer's, or a new card for 'Other') and the
 * referral, on conform with the same schema as the action and the API: the card's rules come
 * from the cards the page loaded. Preview posts to `?step=preview`.
 */
export function DetailsStep({
  issuer,
  cards,
  defaultValue,
  lastResult,
}: {
  issuer: string;
  cards: PickerCard[];
  defaultValue: ReferralFormValue;
  lastResult?: SubmissionResult<string[]>;
}) {
  const isOther = issuer === OTHER_CARD;
  const schema = useMemo(() => referralSchema(cardRulesIn(cards), "form"), [cards]);
  const check = useFormCheck(schema);
  const [form, fields] = useForm<ReferralFormValue, ReferralInput>({
    id: "referral",
    lastResult,
    defaultValue,
    constraint: REFERRAL_CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const checking = navigation.state !== "idle" && navigation.formData?.get("intent") === "preview";
  const card = cards.find((entry) => entry.id === fields.creditCardId.value);
  const rules = isOther ? newCardRules() : card && rulesOfCard(card);
  const errorsOf: ErrorsOf = (field) =>
    field.errors ?? (CAUSED_ELSEWHERE.has(field.name) ? check.errors?.[field.name] : undefined);

  /** A chosen card's cap is the count's default (docs/product.md#issuer-caps). */
  const defaultCountFor = (cardId: string) => {
    const chosen = cards.find((entry) => entry.id === cardId);
    form.update({
      name: fields.availableReferCount.name,
      value: chosen && chosen.maxReferCount > 0 ? String(chosen.maxReferCount) : "",
    });
  };

  return (
    <Form
      method="post"
      action={referUrl("preview", issuer)}
      {...getFormProps(form)}
      onChange={check.onChange}
      className="space-y-6"
    >
      <p className="text-sm text-muted">
        Issuer: <strong className="text-ink">{issuerLabel(issuer)}</strong>{" "}
        <Link to={REFER_PATH} className="text-brand-700 underline">
          Change issuer
        </Link>
      </p>

      {isOther ? (
        <NewCardFields fields={fields} errorsOf={errorsOf} />
      ) : (
        <div className="space-y-2">
          <SelectField
            label="Card"
            placeholder="Select a card"
            options={cards.map((entry) => [entry.id, entry.name] as const)}
            selectProps={{
              ...getSelectProps(fields.creditCardId),
              onChange: (event) => defaultCountFor(event.currentTarget.value),
            }}
            errors={errorsOf(fields.creditCardId)}
          />
          <p className="text-sm text-muted">
            Not in the list?{" "}
            <Link to={otherCardUrl(issuer)} className="text-brand-700 underline">
              Other {issuer} card
            </Link>{" "}
            (an admin reviews it before others see it).
          </p>
        </div>
      )}

      <ReferralFields form={form} fields={fields} rules={rules} errorsOf={errorsOf} />

      <div className="space-y-3">
        <Button
          type="submit"
          name="intent"
          value="preview"
          disabled={check.blocked || checking}
          aria-describedby="preview-reasons"
        >
          {checking ? "Checking..." : "Preview"}
        </Button>
        <BlockedReasons
          id="preview-reasons"
          formId={form.id}
          title="Preview is available once these are done:"
          errors={check.blocked ? check.errors : null}
        />
      </div>
    </Form>
  );
}
