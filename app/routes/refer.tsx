import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { toast } from "~/components/layout/toaster";
import { z } from "zod";
import { ErrorList, FieldFrame, FormMessage } from "~/components/forms/field";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { listPickerCards, type PickerCard } from "~/modules/cards/catalog.server";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import { MyReferrals } from "~/modules/referrals/my-referrals";
import { createReferral, listMyReferrals, previewReferral } from "~/modules/referrals/referrals.server";
import {
  OTHER_CARD,
  REFERRAL_MESSAGES,
  ReferralInputSchema,
  referralSchema,
  SHARING_PRESETS,
  willBeCapped,
  type CardRules,
  type ReferralInput,
} from "~/modules/referrals/schemas";
import { BONUS_UNITS, CARD_CATEGORIES } from "../../db/schema";
import { ReferralTypeTab } from "~/modules/referrals/type-tab";

const PATH = "/refer";

export const loader = pageLoader({
  access: "member",
  query: z.object({ issuer: z.string().optional(), cursor: z.string().optional() }),
  async run({ ctx, user, query }) {
    const [groups, mine] = await Promise.all([
      listPickerCards(ctx.db, user.id),
      listMyReferrals(ctx, user.id, { cursor: query.cursor }),
    ]);
    return { groups, issuer: query.issuer ?? null, mine, viewerId: user.id };
  },
});

/** The submitted fields (strings), carried through the preview in hidden inputs. */
function formValues(formData: FormData) {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (name !== "intent" && typeof value === "string") values[name] = value;
  }
  return values;
}

/** Every value as it will be published (step 3). */
function previewOf(input: ReferralInput, card: PickerCard | null, duplicateOfId: string | null) {
  const cardInfo = card ?? input.newCard!;
  return {
    cardName: cardInfo.name,
    issuer: cardInfo.issuer,
    annualFee: formatAnnualFee(cardInfo.annualFee),
    isNewCard: !card,
    referralLink: input.referralLink,
    referrerCredit: input.referrerCredit,
    sharingBenefitPortion: input.sharingBenefitPortion,
    referrerBonus: input.specialReferrerBonus ? formatBonus(input.specialReferrerBonus) : null,
    applicantBonus: input.specialApplicantBonus?.bonus ?? null,
    availableReferCount: input.availableReferCount,
    additionalInfo: input.additionalInfo,
    duplicateLink: duplicateOfId !== null,
  };
}
type Preview = ReturnType<typeof previewOf>;

/**
 * The flow's posts: Preview (step 2 to 3), Edit (back to 2 with the values) and Confirm & Create.
 * Mark as Inactive / Reopen of the list below post to /dashboard/my-referrals.
 */
export const action = formAction({
  access: "member",
  intents: {
    preview: intent.member({
      schema: ReferralInputSchema,
      async run({ ctx, user, value, formData }) {
        const { input, card, duplicateOfId } = await previewReferral(ctx, user.id, value);
        return {
          step: "preview" as const,
          values: formValues(formData),
          preview: previewOf(input, card ?? null, duplicateOfId),
        };
      },
    }),
    edit: intent({
      schema: z.object({}),
      run: async ({ formData }) => ({ step: "form" as const, values: formValues(formData), preview: null }),
    }),
    create: intent.member({
      schema: ReferralInputSchema,
      unexpectedMessage: REFERRAL_MESSAGES.createFailed,
      async run({ ctx, user, value }) {
        await createReferral(ctx, user.id, value);
        return redirectTo(PATH, { toast: REFERRAL_MESSAGES.created });
      },
    }),
  },
});

/** A refused post's fields (conform's nested initialValue) as the flat names the form uses. */
function flatValues(value: unknown, prefix = "", into: Record<string, string> = {}) {
  if (typeof value === "string") into[prefix] = value;
  else if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, entry] of Object.entries(value)) {
      if (!(prefix === "" && key === "intent")) flatValues(entry, prefix ? `${prefix}.${key}` : key, into);
    }
  }
  return into;
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Group = LoaderData["groups"][number];

export default function Refer() {
  const { groups, issuer: issuerParam, mine, viewerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A refused post comes back with what was typed (conform's initialValue), to fix and send again.
  const flow = actionData?.ok
    ? { values: actionData.values, preview: actionData.preview, lastResult: undefined }
    : actionData
      ? { values: flatValues(actionData.result.initialValue), preview: null, lastResult: actionData.result }
      : null;
  const issuer = flow?.values.issuer ?? issuerParam;
  const step = flow?.preview ? 3 : issuer ? 2 : 1;

  useEffect(() => {
    const message = actionData?.result.error?.[""]?.[0];
    if (message) toast.error(message);
  }, [actionData]);

  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Share a referral</h1>
        <p className="mt-1 text-sm text-muted">Publish your referral link so applicants can find it.</p>
      </header>
      <section aria-labelledby="create-heading" className="rounded-card border border-line bg-surface">
        <ReferralTypeTab label="Credit Card" className="px-4" />
        <div role="tabpanel" aria-label="Credit Card" className="p-6">
          <h2 id="create-heading" className="text-lg font-semibold">
            Step {step} of 3: {step === 1 ? "Choose the issuer" : step === 2 ? "Card and details" : "Preview"}
          </h2>
          <div className="mt-4">
            {step === 1 ? <IssuerStep groups={groups} /> : null}
            {step === 2 && issuer ? (
              <DetailsStep
                key={JSON.stringify(flow?.values ?? issuer)}
                issuer={issuer}
                group={groups.find((group) => group.issuer === issuer)}
                lastResult={flow?.lastResult}
                values={flow?.values ?? {}}
              />
            ) : null}
            {step === 3 && flow?.preview ? <PreviewStep preview={flow.preview} values={flow.values} /> : null}
          </div>
        </div>
      </section>
      <MyReferrals referrals={mine.data} nextCursor={mine.nextCursor} viewerId={viewerId} />
    </div>
  );
}

function IssuerStep({ groups }: { groups: Group[] }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div className="min-w-64">
        <label htmlFor="issuer" className="block text-sm font-medium">
          Card issuer
        </label>
        <select
          id="issuer"
          name="issuer"
          required
          defaultValue=""
          onChange={(event) => submit(event.currentTarget.form)}
          className="mt-1.5 h-10 w-full rounded-card border border-line bg-surface px-3 text-sm"
        >
          <option value="" disabled>
            Select an issuer
          </option>
          {groups.map((group) => (
            <option key={group.issuer} value={group.issuer}>
              {group.issuer}
            </option>
          ))}
          <option value={OTHER_CARD}>Other (Not Listed)</option>
        </select>
      </div>
      <Button type="submit">Next</Button>
    </Form>
  );
}

const inputClass =
  "mt-1.5 block h-10 w-full rounded-card border border-line bg-surface px-3 text-sm aria-[invalid=true]:border-danger-700";

/** A field of this form: the shared frame around a control that names itself with dots (conform). */
function Labelled(props: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  errors?: string[];
  children: ReactNode;
  className?: string;
}) {
  return <FieldFrame {...props}>{() => props.children}</FieldFrame>;
}

/** A bonus as an amount (at least 0) and its unit: the new card's referral bonus and the special referrer bonus. */
function BonusFields(props: {
  amountName: string;
  unitName: string;
  amountLabel: string;
  values: Record<string, string>;
  errors: (name: string) => string[] | undefined;
}) {
  return (
    <>
      <Labelled id={props.amountName} label={props.amountLabel} errors={props.errors(props.amountName)}>
        <input
          id={props.amountName}
          name={props.amountName}
          type="number"
          min={0}
          defaultValue={props.values[props.amountName]}
          className={inputClass}
        />
      </Labelled>
      <Labelled id={props.unitName} label="Bonus unit">
        <select
          id={props.unitName}
          name={props.unitName}
          defaultValue={props.values[props.unitName] ?? "USD"}
          className={inputClass}
        >
          {BONUS_UNITS.map((unit) => (
            <option key={unit}>{unit}</option>
          ))}
        </select>
      </Labelled>
    </>
  );
}

function DetailsStep({
  issuer,
  group,
  lastResult,
  values,
}: {
  issuer: string;
  group: Group | undefined;
  lastResult?: SubmissionResult;
  values: Record<string, string>;
}) {
  const navigation = useNavigation();
  const isOther = issuer === OTHER_CARD;
  const cards = useMemo(() => group?.cards ?? [], [group]);
  const [cardId, setCardId] = useState(values.creditCardId ?? (isOther ? OTHER_CARD : ""));
  const card = cards.find((entry) => entry.id === cardId);
  const [newCardRules, setNewCardRules] = useState<CardRules>({
    hasVariousReferrerBonus: values["newCard.hasVariousReferrerBonus"] === "on",
    maxReferCount: Number(values["newCard.maxReferCount"]) || 0,
  });
  const rules: CardRules | undefined = isOther
    ? newCardRules
    : card && { hasVariousReferrerBonus: card.hasVariousReferrerBonus, maxReferCount: card.maxReferCount };
  const [count, setCount] = useState(values.availableReferCount ?? "");
  const [sharing, setSharing] = useState(values.sharingBenefitPortion ?? "0");
  // Before hydration the button works (the server validates); after, it waits for valid input.
  const [valid, setValid] = useState(true);

  const schemaFor = (formData: FormData) => {
    const chosen = cards.find((entry) => entry.id === formData.get("creditCardId"));
    return referralSchema(
      formData.get("creditCardId") === OTHER_CARD
        ? undefined
        : chosen && { hasVariousReferrerBonus: chosen.hasVariousReferrerBonus, maxReferCount: chosen.maxReferCount },
    );
  };
  const [form] = useForm({
    id: "referral",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaFor(formData) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const errors = (name: string) => form.allErrors[name];

  const check = (element: HTMLFormElement) => {
    const formData = new FormData(element);
    setValid(parseWithZod(formData, { schema: schemaFor(formData) }).status === "success");
    setNewCardRules({
      hasVariousReferrerBonus: formData.get("newCard.hasVariousReferrerBonus") === "on",
      maxReferCount: Number(formData.get("newCard.maxReferCount")) || 0,
    });
  };
  const checkedOnce = useRef(false);
  /** Once, after hydration: the initial values decide whether Preview starts enabled. */
  const checkOnMount = (element: HTMLFormElement | null) => {
    if (!element || checkedOnce.current) return;
    checkedOnce.current = true;
    queueMicrotask(() => check(element));
  };

  const defaultCount = values.availableReferCount ?? (card && card.maxReferCount > 0 ? String(card.maxReferCount) : "");
  const capped = rules && willBeCapped(count === "" ? null : Number(count), rules.maxReferCount);
  const customSharing = sharing === "custom";
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "preview";
  const needsReferrerBonus = Boolean(rules?.hasVariousReferrerBonus) || (sharing !== "0" && sharing !== "");

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      ref={checkOnMount}
      onChange={(event) => check(event.currentTarget)}
      className="space-y-6"
    >
      <input type="hidden" name="issuer" value={issuer} />
      <p className="text-sm text-muted">
        Issuer: <strong className="text-ink">{isOther ? "Other (Not Listed)" : issuer}</strong>{" "}
        <Link to={PATH} className="text-brand-700 underline">
          Change issuer
        </Link>
      </p>
      {form.errors?.length ? <FormMessage tone="error">{form.errors[0]}</FormMessage> : null}

      {isOther ? (
        <fieldset className="grid gap-4 rounded-card border border-line p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">New card</legend>
          <input type="hidden" name="creditCardId" value={OTHER_CARD} />
          <Labelled id="newCard.name" label="Card Name" required errors={errors("newCard.name")}>
            <input
              id="newCard.name"
              name="newCard.name"
              required
              defaultValue={values["newCard.name"]}
              className={inputClass}
            />
          </Labelled>
          <Labelled id="newCard.issuer" label="Card Issuer" required errors={errors("newCard.issuer")}>
            <input
              id="newCard.issuer"
              name="newCard.issuer"
              required
              defaultValue={values["newCard.issuer"]}
              className={inputClass}
            />
          </Labelled>
          <Labelled id="newCard.category" label="Card Category" required errors={errors("newCard.category")}>
            <select
              id="newCard.category"
              name="newCard.category"
              required
              defaultValue={values["newCard.category"] ?? ""}
              className={inputClass}
            >
              <option value="" disabled>
                Select a category
              </option>
              {CARD_CATEGORIES.map((category) => (
                <option key={category}>{category}</option>
              ))}
            </select>
          </Labelled>
          <Labelled id="newCard.annualFee" label="Annual Fee" required errors={errors("newCard.annualFee")}>
            <input
              id="newCard.annualFee"
              name="newCard.annualFee"
              type="number"
              min={0}
              step={1}
              required
              defaultValue={values["newCard.annualFee"]}
              className={inputClass}
            />
          </Labelled>
          <Labelled
            id="newCard.description"
            label="Description"
            required
            errors={errors("newCard.description")}
            className="sm:col-span-2"
          >
            <textarea
              id="newCard.description"
              name="newCard.description"
              required
              defaultValue={values["newCard.description"]}
              className={`${inputClass} h-auto min-h-20 py-2`}
            />
          </Labelled>
          <BonusFields
            amountName="newCard.referralBonusAmount"
            unitName="newCard.referralBonusUnit"
            amountLabel="Referral bonus"
            values={values}
            errors={errors}
          />
          <Labelled id="newCard.officialWebsite" label="Official Website" errors={errors("newCard.officialWebsite")}>
            <input
              id="newCard.officialWebsite"
              name="newCard.officialWebsite"
              type="url"
              defaultValue={values["newCard.officialWebsite"]}
              className={inputClass}
            />
          </Labelled>
          <Labelled
            id="newCard.imageUrl"
            label="Image URL"
            hint="300x190 works best."
            errors={errors("newCard.imageUrl")}
          >
            <input
              id="newCard.imageUrl"
              name="newCard.imageUrl"
              type="url"
              defaultValue={values["newCard.imageUrl"]}
              className={inputClass}
            />
          </Labelled>
          <Labelled id="newCard.maxReferCount" label="Max referrals per member" hint="0 means unlimited.">
            <input
              id="newCard.maxReferCount"
              name="newCard.maxReferCount"
              type="number"
              min={0}
              defaultValue={values["newCard.maxReferCount"]}
              className={inputClass}
            />
          </Labelled>
          <label className="flex items-center gap-2 self-end text-sm">
            <input
              type="checkbox"
              name="newCard.hasVariousReferrerBonus"
              defaultChecked={values["newCard.hasVariousReferrerBonus"] === "on"}
              className="size-4"
            />
            Referrer bonus varies by person
          </label>
        </fieldset>
      ) : (
        <Labelled id="creditCardId" label="Card" required errors={errors("creditCardId")}>
          <select
            id="creditCardId"
            name="creditCardId"
            required
            value={cardId}
            onChange={(event) => setCardId(event.currentTarget.value)}
            className={inputClass}
          >
            <option value="" disabled>
              Select a card
            </option>
            {cards.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name}
              </option>
            ))}
          </select>
        </Labelled>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <Labelled
          id="referralLink"
          label="Referral link"
          required
          hint="The https link the issuer gave you."
          errors={errors("referralLink")}
          className="sm:col-span-2"
        >
          <input
            id="referralLink"
            name="referralLink"
            type="url"
            required
            placeholder="https://"
            defaultValue={values.referralLink}
            aria-invalid={errors("referralLink") ? true : undefined}
            aria-describedby="referralLink-hint referralLink-error"
            className={inputClass}
          />
        </Labelled>
        <Labelled id="referrerCredit" label="Your credit score" hint="Digits only." errors={errors("referrerCredit")}>
          <input
            id="referrerCredit"
            name="referrerCredit"
            inputMode="numeric"
            defaultValue={values.referrerCredit}
            onInput={(event) => {
              event.currentTarget.value = event.currentTarget.value.replace(/\D/g, "");
            }}
            className={inputClass}
          />
        </Labelled>
        <Labelled
          id="availableReferCount"
          label="Available referrals"
          hint={
            capped ? (
              <span role="status" className="text-warning-700">
                This card allows {rules!.maxReferCount} referrals per member: your number will be capped at{" "}
                {rules!.maxReferCount}.
              </span>
            ) : (
              "Leave empty for unlimited."
            )
          }
          errors={errors("availableReferCount")}
        >
          <input
            id="availableReferCount"
            name="availableReferCount"
            type="number"
            min={1}
            key={defaultCount}
            defaultValue={defaultCount}
            onChange={(event) => setCount(event.currentTarget.value)}
            className={inputClass}
          />
        </Labelled>
      </div>

      <fieldset>
        <legend className="text-sm font-medium">Share of your referral bonus with the applicant</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[...SHARING_PRESETS.map(String), "custom"].map((preset) => (
            <label
              key={preset}
              className="flex cursor-pointer items-center gap-2 rounded-card border border-line px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="sharingBenefitPortion"
                value={preset}
                defaultChecked={(values.sharingBenefitPortion ?? "0") === preset}
                onChange={() => setSharing(preset)}
              />
              {preset === "0" ? "None" : preset === "custom" ? "Custom" : `${preset}%`}
            </label>
          ))}
        </div>
        <div className="mt-2 max-w-48">
          <label htmlFor="sharingCustom" className="sr-only">
            Custom share in percent
          </label>
          <input
            id="sharingCustom"
            name="sharingCustom"
            type="number"
            min={0}
            max={100}
            placeholder="Custom %"
            defaultValue={values.sharingCustom}
            aria-describedby="sharingCustom-hint"
            className={inputClass}
          />
        </div>
        <p id="sharingCustom-hint" className="mt-1.5 text-xs text-muted">
          {customSharing ? "Enter a percentage from 0 to 100." : "Used when Custom is chosen."}
        </p>
        <ErrorList errors={errors("sharingBenefitPortion")} />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="text-sm font-medium">
          Your special referral bonus {needsReferrerBonus ? "(required)" : "(optional)"}
        </legend>
        <BonusFields
          amountName="specialReferrerBonus.amount"
          unitName="specialReferrerBonus.unit"
          amountLabel="Bonus amount"
          values={values}
          errors={errors}
        />
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Special bonus for applicants</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="specialApplicantBonus.isHigher"
            defaultChecked={values["specialApplicantBonus.isHigher"] === "on"}
            className="size-4"
          />
          My link offers a higher bonus than the public offer
        </label>
        <Labelled
          id="specialApplicantBonus.bonus"
          label="Describe the special bonus"
          errors={errors("specialApplicantBonus.bonus")}
        >
          <textarea
            id="specialApplicantBonus.bonus"
            name="specialApplicantBonus.bonus"
            defaultValue={values["specialApplicantBonus.bonus"]}
            className={`${inputClass} h-auto min-h-16 py-2`}
          />
        </Labelled>
      </fieldset>

      <Labelled id="additionalInfo" label="Additional info" errors={errors("additionalInfo")}>
        <textarea
          id="additionalInfo"
          name="additionalInfo"
          defaultValue={values.additionalInfo}
          className={`${inputClass} h-auto min-h-20 py-2`}
        />
      </Labelled>

      <Button type="submit" name="intent" value="preview" disabled={!valid || submitting}>
        {submitting ? "Checking..." : "Preview"}
      </Button>
    </Form>
  );
}

function PreviewStep({ preview, values }: { preview: Preview; values: Record<string, string> }) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const rows: [string, ReactNode][] = [
    ["Card", `${preview.cardName}${preview.isNewCard ? " (new card)" : ""}`],
    ["Issuer", preview.issuer],
    ["Annual fee", preview.annualFee],
    ["Referral link", preview.referralLink],
    ["Your credit score", preview.referrerCredit ?? "Not shared"],
    ["Sharing", preview.sharingBenefitPortion > 0 ? `${preview.sharingBenefitPortion}% of the bonus` : "None"],
    ["Your special referral bonus", preview.referrerBonus ?? "None"],
    ["Special bonus for applicants", preview.applicantBonus ?? "None"],
    ["Available referrals", preview.availableReferCount ?? "Unlimited"],
    ["Additional info", preview.additionalInfo || "None"],
  ];
  return (
    <Form method="post" className="space-y-4">
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {preview.duplicateLink ? (
        <FormMessage tone="info">
          Another member already shares this link. You can still publish it; our team reviews duplicates.
        </FormMessage>
      ) : null}
      <dl className="divide-y divide-line rounded-card border border-line">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-2 text-sm sm:grid-cols-3">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex gap-3">
        <Button type="submit" name="intent" value="edit" variant="secondary">
          Edit
        </Button>
        <Button type="submit" name="intent" value="create" disabled={creating}>
          {creating ? "Creating..." : "Confirm & Create"}
        </Button>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Refer | Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
