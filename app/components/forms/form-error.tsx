import type { SubmissionResult } from "@conform-to/react";
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { toast } from "~/components/layout/toaster";
import { useHydrated } from "~/core/hooks";
import type { Toast } from "~/utils/toast";
import { FormMessage } from "./field";

/**
 * Where a failed form says what went wrong: once, in one place (docs/product.md#forms). Field
 * errors stand beside their field; what belongs to no field (a refusal, a lost connection) is a
 * toast with JavaScript and this banner without it (a failed post renders the page again, and a
 * page without JavaScript has no toasts).
 */

/**
 * The form-level message of a failed submission, or null when a field already says it (the kit's
 * FormFailure carries the first field error as its message too: shown beside the field, not again).
 */
export function formLevelMessage(
  result: SubmissionResult<string[]> | null | undefined,
  fallback?: string,
): string | null {
  if (result?.status !== "error") return null;
  const errors = result.error ?? {};
  const onAField = Object.entries(errors).some(([name, list]) => name !== "" && list?.length);
  if (onAField) return null;
  return errors[""]?.[0] ?? fallback ?? null;
}

/**
 * A form-level error: a toast once the page runs JavaScript, else the banner in place. `answer` is
 * the submission it belongs to (the action data, a fetcher's data), so the same words failing twice
 * toast twice.
 */
export function FormError({ message, answer }: { message: string | null | undefined; answer?: unknown }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && message) toast.error(message);
    // `answer` is the submission: a new one with the same words is a new failure to tell.
  }, [hydrated, message, answer]);
  if (!message || hydrated) return null;
  return <FormMessage tone="error">{message}</FormMessage>;
}

/** The flash toast the root loader sent (typed by its shape: shared UI imports no route, ADR 091). */
function useRootToast(): Toast | null {
  return useRouteLoaderData<{ toast: Toast | null }>("root")?.toast ?? null;
}

/**
 * The refusal a plain post (no JavaScript) to a resource route brought back for the form `formId`
 * (the flash toast's `formId`), or null: that form stays open and shows it (<FormError/>).
 */
export function useFlashFormError(formId: string): string | null {
  const toast = useRootToast();
  return toast?.type === "error" && toast.formId === formId ? toast.description : null;
}

/** The id of the form a plain post's refusal came back for, if any: the disclosures around it open. */
export function useFlashFormId(): string | null {
  const toast = useRootToast();
  return toast?.type === "error" ? (toast.formId ?? null) : null;
}
