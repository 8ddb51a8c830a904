import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { BlockedReasons, useFormCheck } from "~/components/forms/form-check";
import { FormError, formLevelMessage } from "~/components/forms/form-error";
import { Button } from "~/components/ui/button";
import type { ReferralFormValue } from "./form-values";
import { REFERRAL_CONSTRAINT, ReferralFields, type ErrorsOf } from "./referral-fields";
import { referralSchema, type CardRules, type ReferralInput } from "./schemas";

/** Errors another field causes, shown at their field at once (as on /refer's details step). */
const CAUSED_ELSEWHERE = new Set(["specialReferrerBonus.amount", "specialApplicantBonus.bonus"]);

/**
 * Editing a referral (docs/product.md#referrer-tools): the fields of /refer's details step with the
 * same schema and messages, its card fixed (a hidden field the server checks). A plain form post
 * without JavaScript; with it, Save says why it is disabled.
 */
export function ReferralEditForm({
  cardId,
  rules,
  defaultValue,
  lastResult,
}: {
  cardId: string;
  rules: CardRules;
  defaultValue: ReferralFormValue;
  lastResult?: SubmissionResult<string[]>;
}) {
  const schema = useMemo(() => referralSchema((id) => (id === cardId ? rules : null), "form"), [cardId, rules]);
  const check = useFormCheck(schema);
  const [form, fields] = useForm<ReferralFormValue, ReferralInput>({
    id: "edit-referral",
    lastResult,
    defaultValue,
    constraint: REFERRAL_CONSTRAINT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errorsOf: ErrorsOf = (field) =>
    field.errors ?? (CAUSED_ELSEWHERE.has(field.name) ? check.errors?.[field.name] : undefined);

  return (
    <Form method="post" {...getFormProps(form)} onChange={check.onChange} className="space-y-6">
      <FormError message={formLevelMessage(lastResult, "")} answer={lastResult} />
      <input {...getInputProps(fields.creditCardId, { type: "hidden" })} key={fields.creditCardId.key} />
      <ReferralFields form={form} fields={fields} rules={rules} errorsOf={errorsOf} />
      <div className="space-y-3">
        <Button type="submit" disabled={check.blocked || saving} aria-describedby="save-reasons">
          {saving ? "Saving..." : "Save changes"}
        </Button>
        <BlockedReasons
          id="save-reasons"
          formId={form.id}
          title="Save is available once these are done:"
          errors={check.blocked ? check.errors : null}
        />
      </div>
    </Form>
  );
}
