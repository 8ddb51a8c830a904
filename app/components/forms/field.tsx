import { clsx } from "clsx";
import { useId, type InputHTMLAttributes } from "react";

/** Errors under a field or form, announced to screen readers. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  return (
    <ul id={id} role="alert" className="mt-1.5 space-y-1 text-sm text-danger-700">
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

export interface FieldProps {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string };
  errors?: string[] | null;
  hint?: string;
  className?: string;
}

/** Label above, input, hint below, errors below in red (design.md). */
export function Field({ label, inputProps, errors, hint, className }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {inputProps.required ? (
          <span aria-hidden className="ml-0.5 text-danger-700">
            *
          </span>
        ) : null}
      </label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={clsx(
          "mt-1.5 block h-10 w-full rounded-card border bg-surface px-3 text-sm text-ink shadow-sm",
          "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
          errorId ? "border-danger-700" : "border-line",
        )}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  label,
  inputProps,
}: {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <div className="flex items-center gap-2">
      <input
        {...inputProps}
        id={id}
        type="checkbox"
        className="size-4 rounded border-line text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      <label htmlFor={id} className="text-sm text-ink">
        {label}
      </label>
    </div>
  );
}

/** A form-level message: an error (role=alert) or a notice (role=status). */
export function FormMessage({ tone, children }: { tone: "error" | "success" | "info"; children: React.ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={clsx(
        "rounded-card border px-4 py-3 text-sm",
        tone === "error" && "border-danger-700/30 bg-danger-50 text-danger-700",
        tone === "success" && "border-success-700/30 bg-success-50 text-success-700",
        tone === "info" && "border-brand-200 bg-brand-50 text-brand-800",
      )}
    >
      {children}
    </div>
  );
}
