import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher, useLocation } from "@remix-run/react";
import { Flag } from "lucide-react";
import { clsx } from "clsx";
import { useEffect, useRef, type ReactNode } from "react";
import { SelectField, TextareaField } from "~/components/forms/field";
import { FormError, formLevelMessage, useFlashFormError } from "~/components/forms/form-error";
import { toast } from "~/components/layout/toaster";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";
import type { ReportTarget } from "../../../db/enums";
import { REASONS_FOR, REPORT_NOTE_MAX, REPORT_REASON_LABELS, ReportSchema } from "./schemas";

/** Where reports are posted (app/routes/reports.ts). */
export const REPORTS_ACTION = "/reports";

export const NOUNS: Record<ReportTarget, string> = { referral: "referral", user: "member", message: "message" };

type ReportAnswer = { ok: boolean; result?: SubmissionResult<string[]>; message: string };

/**
 * 'Report this {referral|member|message}': a disclosure holding the form, so it works without
 * JavaScript (a plain post comes back to this page with the thanks, or the refusal beside the form);
 * with it, the post stays on the page and the disclosure closes on success.
 */
export function ReportForm({ targetType, targetId }: { targetType: ReportTarget; targetId: string }) {
  const formId = `report-${targetType}-${targetId}`;
  const flashError = useFlashFormError(formId);
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className="group text-sm" open={Boolean(flashError) || undefined}>
      <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-card px-2 py-1 text-muted hover:text-ink">
        <Flag aria-hidden className="size-4" />
        Report this {NOUNS[targetType]}
      </summary>
      <ReportFormBody
        targetType={targetType}
        targetId={targetId}
        className="mt-2 max-w-md rounded-card border border-line bg-surface p-4"
        onSent={() => {
          if (details.current) details.current.open = false;
        }}
      />
    </details>
  );
}

/**
 * The report form itself (reason, note, Send report), posted to /reports by a fetcher: the thanks
 * is a toast and `onSent` runs; without JavaScript the post comes back to `redirectTo` (default:
 * this page) with the thanks, or the refusal beside the form.
 */
export function ReportFormBody({
  targetType,
  targetId,
  redirectTo,
  onSent,
  className,
  cancel,
}: {
  targetType: ReportTarget;
  targetId: string;
  redirectTo?: string;
  onSent?: () => void;
  className?: string;
  /** A way out shown before Send report (the dialog's Cancel); then both sit at the end of the row. */
  cancel?: ReactNode;
}) {
  const formId = `report-${targetType}-${targetId}`;
  const fetcher = useFetcher<ReportAnswer>();
  const location = useLocation();
  const hydrated = useHydrated();
  const flashError = useFlashFormError(formId);
  const data = fetcher.data;
  const [form, fields] = useForm({
    id: formId,
    lastResult: data?.result,
    constraint: getZodConstraint(ReportSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ReportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // The latest onSent, without re-running the thanks when the caller passes a new function.
  const sent = useRef(onSent);
  useEffect(() => {
    sent.current = onSent;
  });

  useEffect(() => {
    if (!data?.ok) return;
    toast.success(data.message);
    sent.current?.();
  }, [data]);

  const formError = data && !data.ok ? formLevelMessage(data.result, data.message) : hydrated ? null : flashError;
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={REPORTS_ACTION}
      {...getFormProps(form)}
      className={clsx("space-y-3", className)}
    >
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="redirectTo" value={redirectTo ?? `${location.pathname}${location.search}`} />
      <p className="text-sm text-muted">Tell the Cardshare team what is wrong. Only admins see reports.</p>
      <FormError message={formError} answer={data} />
      <SelectField
        label="What is wrong?"
        selectProps={getSelectProps(fields.reason)}
        placeholder="Choose a reason"
        options={REASONS_FOR[targetType].map((reason) => [reason, REPORT_REASON_LABELS[reason]] as const)}
        errors={fields.reason.errors}
      />
      <TextareaField
        label="Details (needed for Other)"
        textareaProps={{ ...getTextareaProps(fields.note), maxLength: REPORT_NOTE_MAX, rows: 3 }}
        errors={fields.note.errors}
      />
      <div className={clsx("flex flex-wrap gap-2", cancel ? "justify-end" : undefined)}>
        {cancel}
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Sending..." : "Send report"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
