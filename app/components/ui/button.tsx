import { useFetchers, useNavigation } from "@remix-run/react";
import { clsx } from "clsx";
import { LoaderCircle } from "lucide-react";
import { forwardRef, useCallback, useState, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "destructive" | "inverse";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-card font-medium transition-colors duration-150 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 " +
  "disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-line bg-surface text-ink hover:bg-canvas",
  ghost: "text-ink hover:bg-brand-50",
  destructive: "bg-danger-700 text-white hover:bg-red-800",
  inverse: "bg-white text-brand-800 hover:bg-brand-50",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
};

/** Class names of a button, for <Link> and <a> elements that look like buttons. */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) {
  return clsx(base, variants[variant], sizes[size], extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

type Submission = { state: string; formData?: FormData; formAction?: string };

/** Whether `submission` is this button's form, sent by this button: same action, same fields. */
function isSentBy(submission: Submission, button: HTMLButtonElement, form: HTMLFormElement) {
  if (!submission.formData) return false;
  if (
    submission.formAction &&
    new URL(submission.formAction, window.location.href).pathname !== new URL(form.action).pathname
  )
    return false;
  if (button.name && submission.formData.get(button.name) !== button.value) return false;
  // The form's own fields (not the submitter, which is left out once the button is disabled). An
  // empty field may be left out: /apply's search sends only the fields that filter.
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && value !== "" && !submission.formData.getAll(name).includes(value)) return false;
  }
  return true;
}

/**
 * Whether the form this submit button belongs to is waiting for the server (a navigation or a
 * fetcher sent it with this button), so every form's button shows it is pending without each form
 * wiring it up. Without JavaScript the browser shows its own loading state.
 */
function usePendingSubmit(button: HTMLButtonElement | null, isSubmit: boolean) {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const form = button?.form;
  if (!isSubmit || !button || !form) return false;
  return [navigation, ...fetchers].some(
    (submission) => submission.state !== "idle" && isSentBy(submission, button, form),
  );
}

/**
 * A button. A submit button is disabled, with a spinner, while its form's submission is pending
 * (docs/product.md#look-and-feel).
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", className, type = "button", disabled, children, ...props },
  forwarded,
) {
  // The element is kept in state, not a ref: the pending check reads its form while rendering.
  const [element, setElement] = useState<HTMLButtonElement | null>(null);
  const ref = useCallback(
    (node: HTMLButtonElement | null) => {
      setElement(node);
      if (typeof forwarded === "function") forwarded(node);
      else if (forwarded) forwarded.current = node;
    },
    [forwarded],
  );
  const pending = usePendingSubmit(element, type === "submit");
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      data-pending={pending || undefined}
      {...props}
    >
      {pending ? <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin" /> : null}
      {children}
    </button>
  );
});
