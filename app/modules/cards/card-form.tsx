/**
 * The admin card form (docs/product.md#card-catalogue): every card field, validated by CardSchema in the
 * browser and in the action, errors cleared as fields are edited, a toast on failure, and an
 * image preview at the recommended 300x190. Works as a plain form without JavaScript.
 */
import { FormError, formLevelMessage } from "~/components/forms/form-error";
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type FormEvent, type InputHTMLAttributes, type SelectHTMLAttributes } from "react";
import { toast } from "~/components/layout/toaster";
import { CheckboxField, Field, SelectField, SwitchField, TextareaField } from "~/components/forms/field";
import { useClearOnEdit } from "~/components/forms/use-clear-on-edit";
import { Button, buttonClass } from "~/components/ui/button";
import { BONUS_UNITS, CARD_CATEGORIES } from "../../../db/enums";
import { CardImage } from "./card-image";
import { CARD_MESSAGES, CardFormFields, CardFormSchema, NEW_ISSUER } from "./schemas";

export interface CardFormDefaults {
  name: string;
  issuer: string;
  category: string;
  annualFee: number;
  hasVariousReferrerBonus: boolean;
  referralBonusAmount: number;
  referralBonusUnit: string;
  benefitForReferrer: string;
  applyBenefitWithReferral: string;
  offerAmount: number;
  offerUnit: string;
  offerMinSpend: number;
  offerMonths: number;
  description: string;
  officialWebsite: string | null;
  imageUrl: string | null;
  active: boolean;
  maxReferCount: number;
}

export const NEW_CARD_DEFAULTS: CardFormDefaults = {
  name: "",
  issuer: "",
  category: "Other",
  annualFee: 0,
  hasVariousReferrerBonus: false,
  referralBonusAmount: 0,
  referralBonusUnit: "USD",
  benefitForReferrer: "",
  applyBenefitWithReferral: "",
  offerAmount: 0,
  offerUnit: "Points",
  offerMinSpend: 0,
  offerMonths: 0,
  description: "",
  officialWebsite: null,
  imageUrl: null,
  active: true,
  maxReferCount: 0,
};

export function CardForm({
  mode,
  defaults,
  issuers,
  lastResult,
}: {
  mode: "create" | "edit";
  defaults: CardFormDefaults;
  issuers: string[];
  lastResult?: SubmissionResult;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "card",
    lastResult,
    defaultValue: {
      ...defaults,
      // No known issuer yet: the only choice is a new one.
      issuer: defaults.issuer || (issuers.length === 0 ? NEW_ISSUER : ""),
      annualFee: String(defaults.annualFee),
      referralBonusAmount: String(defaults.referralBonusAmount),
      maxReferCount: String(defaults.maxReferCount),
      offerAmount: String(defaults.offerAmount),
      offerMinSpend: String(defaults.offerMinSpend),
      offerMonths: String(defaults.offerMonths),
      officialWebsite: defaults.officialWebsite ?? "",
      imageUrl: defaults.imageUrl ?? "",
      hasVariousReferrerBonus: defaults.hasVariousReferrerBonus ? "on" : undefined,
      active: defaults.active ? "on" : undefined,
    },
    constraint: getZodConstraint(CardFormFields),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CardFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const clear = useClearOnEdit(lastResult);
  const [imageUrl, setImageUrl] = useState<string>(
    typeof fields.imageUrl.initialValue === "string" ? fields.imageUrl.initialValue : "",
  );

  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    clear.reset();
    formProps.onSubmit(event);
    // conform cancels the submission when the browser-side check fails.
    if (event.defaultPrevented && form.status !== "success") {
      const submission = parseWithZod(new FormData(event.currentTarget), { schema: CardFormSchema });
      if (submission.status === "error") toast.error(CARD_MESSAGES.invalidForm);
    }
  };
  const errorsOf = (name: keyof CardFormDefaults) => clear.visible(name, fields[name].errors);
  const input = (name: keyof CardFormDefaults, type: "text" | "number" | "url") => ({
    ...getInputProps(fields[name], { type }),
    onInput: () => clear.onEdit(name),
  });
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const checked = (name: "active" | "hasVariousReferrerBonus") =>
    (fields[name].initialValue ?? (lastResult ? undefined : defaults[name] ? "on" : undefined)) === "on";

  return (
    <Form method="post" {...formProps} onSubmit={onSubmit} className="space-y-6">
      {/* The spec's summary for field errors (they stand beside their fields), or the refusal: once. */}
      <FormError
        message={
          lastResult?.status === "error"
            ? (formLevelMessage(lastResult as SubmissionResult<string[]>) ?? CARD_MESSAGES.invalidForm)
            : null
        }
        answer={lastResult}
      />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-ink">Card</legend>
        <Field label="Card name" inputProps={{ ...input("name", "text"), required: true }} errors={errorsOf("name")} />
        <IssuerFields
          issuers={issuers}
          issuerProps={{ ...getSelectProps(fields.issuer), required: true, onInput: () => clear.onEdit("issuer") }}
          issuerErrors={errorsOf("issuer")}
          newIssuerProps={{
            ...getInputProps(fields.newIssuer, { type: "text" }),
            onInput: () => clear.onEdit("newIssuer"),
          }}
          newIssuerErrors={clear.visible("newIssuer", fields.newIssuer.errors)}
        />
        <SelectField
          label="Category"
          selectProps={{ ...getSelectProps(fields.category), onInput: () => clear.onEdit("category") }}
          options={CARD_CATEGORIES}
          errors={errorsOf("category")}
        />
        <Field
          label="Annual fee (USD)"
          inputProps={{ ...input("annualFee", "number"), min: 0, step: 1 }}
          errors={errorsOf("annualFee")}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-ink">Referral bonus</legend>
        <Field
          label="Bonus amount"
          inputProps={{ ...input("referralBonusAmount", "number"), min: 0, step: "any" }}
          errors={errorsOf("referralBonusAmount")}
        />
        <SelectField
          label="Bonus unit"
          selectProps={{
            ...getSelectProps(fields.referralBonusUnit),
            onInput: () => clear.onEdit("referralBonusUnit"),
          }}
          options={BONUS_UNITS}
          errors={errorsOf("referralBonusUnit")}
        />
        <div className="sm:col-span-2">
          <CheckboxField
            label="Referrers may offer their own bonus (various referrer bonus)"
            inputProps={{
              name: fields.hasVariousReferrerBonus.name,
              defaultChecked: checked("hasVariousReferrerBonus"),
            }}
          />
        </div>
        <Field
          label="Benefit for referrer"
          className="sm:col-span-2"
          inputProps={input("benefitForReferrer", "text")}
          errors={errorsOf("benefitForReferrer")}
        />
        <div className="sm:col-span-2">
          <TextareaField
            label="Applicant benefit with referral"
            textareaProps={{
              ...getTextareaProps(fields.applyBenefitWithReferral),
              onInput: () => clear.onEdit("applyBenefitWithReferral"),
            }}
            errors={errorsOf("applyBenefitWithReferral")}
          />
        </div>
        <Field
          label="Max referrals per member"
          hint="0 means unlimited."
          inputProps={{ ...input("maxReferCount", "number"), min: 0, step: 1 }}
          errors={errorsOf("maxReferCount")}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-ink">Welcome offer (what the applicant gets)</legend>
        <Field
          label="Offer amount"
          hint="0 means no fixed welcome offer."
          inputProps={{ ...input("offerAmount", "number"), min: 0, step: "any" }}
          errors={errorsOf("offerAmount")}
        />
        <SelectField
          label="Offer unit"
          selectProps={{ ...getSelectProps(fields.offerUnit), onInput: () => clear.onEdit("offerUnit") }}
          options={BONUS_UNITS}
          errors={errorsOf("offerUnit")}
        />
        <Field
          label="Minimum spend (USD)"
          inputProps={{ ...input("offerMinSpend", "number"), min: 0, step: 1 }}
          errors={errorsOf("offerMinSpend")}
        />
        <Field
          label="Months to meet it"
          inputProps={{ ...input("offerMonths", "number"), min: 0, max: 36, step: 1 }}
          errors={errorsOf("offerMonths")}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold text-ink">Details</legend>
        <TextareaField
          label="Description"
          hint="One benefit per line."
          textareaProps={{
            ...getTextareaProps(fields.description),
            rows: 5,
            onInput: () => clear.onEdit("description"),
          }}
          errors={errorsOf("description")}
        />
        <Field
          label="Official website"
          inputProps={{ ...input("officialWebsite", "url"), placeholder: "https://" }}
          errors={errorsOf("officialWebsite")}
        />
        <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <Field
            label="Image URL"
            hint="Recommended size 300x190."
            inputProps={{
              ...input("imageUrl", "url"),
              placeholder: "https://",
              onInput: (event) => {
                clear.onEdit("imageUrl");
                setImageUrl(event.currentTarget.value);
              },
            }}
            errors={errorsOf("imageUrl")}
          />
          <figure>
            <CardImage src={/^https:\/\//.test(imageUrl) ? imageUrl : null} alt="Card image preview" />
            <figcaption className="mt-1 text-xs text-muted">Preview (300x190)</figcaption>
          </figure>
        </div>
        <SwitchField
          name={fields.active.name}
          label="Active"
          description="Inactive cards are hidden from members' card pickers and search; existing referrals keep them."
          defaultChecked={checked("active")}
        />
      </fieldset>

      <div className="flex gap-3 border-t border-line pt-4">
        <Button type="submit" disabled={saving}>
          {mode === "create" ? "Create Card" : "Save Changes"}
        </Button>
        <Link to="/admin/creditcards" className={buttonClass("secondary")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/**
 * The issuer: a select of the known issuers with 'New issuer...', which reveals a field for the
 * new name. The reveal is CSS (`:has(option:checked)`), so it works without JavaScript too.
 */
function IssuerFields({
  issuers,
  issuerProps,
  issuerErrors,
  newIssuerProps,
  newIssuerErrors,
}: {
  issuers: string[];
  issuerProps: SelectHTMLAttributes<HTMLSelectElement> & { name: string };
  issuerErrors: string[] | undefined;
  newIssuerProps: InputHTMLAttributes<HTMLInputElement> & { name: string };
  newIssuerErrors: string[] | undefined;
}) {
  const initial = typeof issuerProps.defaultValue === "string" ? issuerProps.defaultValue : "";
  // A card's own issuer is always a choice.
  const known = initial && initial !== NEW_ISSUER && !issuers.includes(initial) ? [initial, ...issuers] : issuers;
  return (
    <div className="group/issuer grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <SelectField
        label="Issuer"
        selectProps={issuerProps}
        placeholder="Choose an issuer"
        options={[...known, [NEW_ISSUER, "New issuer..."] as const]}
        errors={issuerErrors}
      />
      <Field
        label="New issuer name"
        inputProps={{ ...newIssuerProps, maxLength: 80 }}
        errors={newIssuerErrors}
        className="hidden group-has-[option[value=new-issuer]:checked]/issuer:block"
      />
    </div>
  );
}
