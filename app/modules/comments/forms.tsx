import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { toast } from "~/components/layout/toaster";
import { CheckboxField, TextareaField } from "~/components/forms/field";
import { FormError, formLevelMessage, useFlashFormError } from "~/components/forms/form-error";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";
import { COMMENT_MAX_LENGTH, FollowUpFormSchema, ReplyFormSchema, ReviewFormSchema } from "./schemas";
import { StarRatingInput } from "./star-rating";
import { commentFormId } from "./form-ids";

/** Where POST /comments lives (app/routes/comments.ts). */
export const COMMENTS_ACTION = "/comments";

/** What POST /comments answers a fetcher: the saved comment's text, or the refusal (the kit's FormFailure). */
type CommentActionData = { ok: boolean; result: SubmissionResult<string[]>; message: string };

/**
 * A fetcher posting to /comments: toasts the spec's success text, tells the caller when a comment
 * was saved, and says where a refusal goes: field errors beside their fields; the rest a toast
 * (<FormError/>), or without JavaScript (a plain post, redirected back with the form's id) beside
 * the form, which the page renders open.
 */
function useCommentFetcher(formId: string, onSaved?: () => void) {
  const fetcher = useFetcher<CommentActionData>();
  const location = useLocation();
  const hydrated = useHydrated();
  const flashError = useFlashFormError(formId);
  const data = fetcher.data;
  useEffect(() => {
    if (!data?.ok) return;
    toast.success(data.message);
    onSaved?.();
    // Only a new answer from the server should toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  return {
    fetcher,
    lastResult: data?.result,
    // The root toasts a flash message once JavaScript runs; before, the form shows it.
    formError: data && !data.ok ? formLevelMessage(data.result, data.message) : hydrated ? null : flashError,
    redirectTo: `${location.pathname}${location.search}`,
    pending: fetcher.state !== "idle",
  };
}

export function HiddenFields({ values }: { values: Record<string, string | undefined> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
    </>
  );
}

/**
 * The review of a referrer: a 1-5 star rating (required) and an optional comment. Used by the
 * apply dialog's step 2 and by the application card. `onSaved` runs after the server accepts it.
 */
export function ReviewForm({
  referralId,
  onSaved,
  submitLabel = "Submit Review",
  ratingLegend = "Rate the referrer",
  children,
}: {
  referralId: string;
  onSaved?: () => void;
  submitLabel?: string;
  /** The star group's name (the apply dialog calls it a first impression). */
  ratingLegend?: string;
  /** Extra actions beside the submit button (e.g. the dialog's Skip). */
  children?: ReactNode;
}) {
  const formId = commentFormId.review(referralId);
  const { fetcher, lastResult, formError, redirectTo, pending } = useCommentFetcher(formId, onSaved);
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(ReviewFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReviewFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action={COMMENTS_ACTION} {...getFormProps(form)} className="space-y-3">
      <HiddenFields values={{ intent: "review", referralId, redirectTo, formId }} />
      <FormError message={formError} answer={fetcher.data} />
      <StarRatingInput
        name={fields.rating.name}
        legend={ratingLegend}
        errors={fields.rating.errors}
        errorId={fields.rating.errorId}
      />
      <TextareaField
        label="Comment (optional)"
        textareaProps={{ ...getTextareaProps(fields.comment), maxLength: COMMENT_MAX_LENGTH, rows: 3 }}
        errors={fields.comment.errors}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Submitting..." : submitLabel}
        </Button>
        {children}
      </div>
    </fetcher.Form>
  );
}

/**
 * The text box shared by replies and follow-ups: required, submit disabled while blank (with JS).
 * Keyed by the form's key, so conform's reset after a saved comment starts it afresh.
 */
function TextWithSubmit({
  label,
  field,
  submitLabel,
  pending,
}: {
  label: string;
  field: Parameters<typeof getTextareaProps>[0];
  submitLabel: string;
  pending: boolean;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState("");
  return (
    <>
      <TextareaField
        label={label}
        textareaProps={{
          ...getTextareaProps(field),
          maxLength: COMMENT_MAX_LENGTH,
          rows: 2,
          onInput: (event) => setText(event.currentTarget.value),
        }}
        errors={field.errors}
      />
      <Button type="submit" size="sm" disabled={pending || (hydrated && text.trim() === "")}>
        {pending ? "Submitting..." : submitLabel}
      </Button>
    </>
  );
}

/** The referrer's reply to a review (shown to the referral's owner only; enforced on the server). */
export function ReplyForm({ referralId, reviewId }: { referralId: string; reviewId: string }) {
  const formId = commentFormId.reply(reviewId);
  const { fetcher, lastResult, formError, redirectTo, pending } = useCommentFetcher(formId);
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(ReplyFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReplyFormSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <fetcher.Form method="post" action={COMMENTS_ACTION} {...getFormProps(form)} className="space-y-2">
      <HiddenFields values={{ intent: "reply", referralId, originalCommentId: reviewId, redirectTo, formId }} />
      <FormError message={formError} answer={fetcher.data} />
      <TextWithSubmit key={form.key} label="Your reply" field={fields.comment} submitLabel="Reply" pending={pending} />
    </fetcher.Form>
  );
}

/** The review author's follow-up, optionally updating their rating. */
export function FollowUpForm({
  referralId,
  reviewId,
  currentRating,
}: {
  referralId: string;
  reviewId: string;
  currentRating: number | null;
}) {
  const [updating, setUpdating] = useState(false);
  const formId = commentFormId.followUp(reviewId);
  const { fetcher, lastResult, formError, redirectTo, pending } = useCommentFetcher(formId, () => setUpdating(false));
  const hydrated = useHydrated();
  const checkboxId = useId();
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(FollowUpFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FollowUpFormSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <fetcher.Form method="post" action={COMMENTS_ACTION} {...getFormProps(form)} className="space-y-2">
      <HiddenFields values={{ intent: "follow-up", referralId, originalCommentId: reviewId, redirectTo, formId }} />
      <FormError message={formError} answer={fetcher.data} />
      <CheckboxField
        label="Update my rating"
        inputProps={{
          ...getInputProps(fields.ratingUpdated, { type: "checkbox" }),
          id: checkboxId,
          onChange: (event) => setUpdating(event.currentTarget.checked),
        }}
      />
      {!hydrated || updating ? (
        <StarRatingInput
          key={`${fields.rating.key}`}
          name={fields.rating.name}
          legend="New rating"
          defaultValue={currentRating ?? undefined}
          errors={fields.rating.errors}
          errorId={fields.rating.errorId}
        />
      ) : null}
      <TextWithSubmit
        key={form.key}
        label="Follow-up comment"
        field={fields.comment}
        submitLabel="Add follow-up"
        pending={pending}
      />
    </fetcher.Form>
  );
}
