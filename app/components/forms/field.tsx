import { clsx } from "clsx";
import {
  useId,
  type InputHTMLAttributes,
  type Key,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { installReadableErrors } from "~/core/readable-errors";
import { ErrorList } from "./error-list";

export { ErrorList };

// conform checks every form in the browser with the server's schemas: the same readable words
// there (installed with the form components, so pages without a form do not load it).
installReadableErrors();

/**
 * conform's control props carry a `key` (it changes when conform resets or updates the field, so
 * the uncontrolled control starts again from its new default); React wants it apart from the props.
 */
function splitKey<P extends object>(props: P): [Key | undefined, P] {
  const { key, ...rest } = props as P & { key?: Key };
  return [key, rest as P];
}

export interface FieldProps {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string };
  errors?: string[] | null;
  hint?: ReactNode;
  className?: string;
}

/** Label above, control, hint below, errors below in red (design.md): the frame of every field. */
export function FieldFrame({
  id,
  label,
  required,
  hint,
  errors,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: React.ReactNode;
  errors?: string[] | null;
  className?: string;
  children: (describedBy: { invalid: boolean; describedBy?: string }) => React.ReactNode;
}) {
  // One message per field, the schema's most useful first; a hint the error repeats word for word
  // (the password rule) is not said twice.
  const error = errors?.find(Boolean);
  const shownHint = hint && hint !== error ? hint : null;
  const hintId = shownHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-danger-700">
            *
          </span>
        ) : null}
      </label>
      {children({ invalid: Boolean(errorId), describedBy: [hintId, errorId].filter(Boolean).join(" ") || undefined })}
      {shownHint ? (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {shownHint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={error ? [error] : null} reserve />
    </div>
  );
}

const controlClass = (invalid: boolean, extra: string) =>
  clsx(
    "mt-1.5 block w-full rounded-card border bg-surface px-3 text-sm text-ink shadow-sm read-only:bg-canvas",
    "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
    invalid ? "border-danger-700" : "border-line",
    extra,
  );

export function Field({ label, inputProps, errors, hint, className }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const [key, props] = splitKey(inputProps);
  return (
    <FieldFrame id={id} label={label} required={inputProps.required} hint={hint} errors={errors} className={className}>
      {({ invalid, describedBy }) => (
        <input
          key={key}
          {...props}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClass(invalid, "h-10")}
        />
      )}
    </FieldFrame>
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
  const [key, props] = splitKey(inputProps);
  return (
    <div className="flex items-center gap-2">
      <input
        key={key}
        {...props}
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

/** A multi-line field with the same frame as Field. */
export function TextareaField({
  label,
  textareaProps,
  errors,
  hint,
  className,
}: {
  label: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string };
  errors?: string[] | null;
  hint?: ReactNode;
  className?: string;
}) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const [key, props] = splitKey(textareaProps);
  return (
    <FieldFrame
      id={id}
      label={label}
      required={textareaProps.required}
      hint={hint}
      errors={errors}
      className={className}
    >
      {({ invalid, describedBy }) => (
        <textarea
          key={key}
          {...props}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClass(invalid, "min-h-24 py-2")}
        />
      )}
    </FieldFrame>
  );
}

/** A select with the same frame as Field: `options` as [value, label] pairs, or values that are their own label. */
export function SelectField({
  label,
  selectProps,
  options,
  placeholder,
  errors,
  hint,
  className,
}: {
  label: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { name: string };
  options: readonly (string | readonly [value: string, label: string])[];
  /** A first, disabled option shown while nothing is chosen ('Select a card'). */
  placeholder?: string;
  errors?: string[] | null;
  hint?: ReactNode;
  className?: string;
}) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const [key, props] = splitKey(selectProps);
  return (
    <FieldFrame id={id} label={label} required={selectProps.required} hint={hint} errors={errors} className={className}>
      {({ invalid, describedBy }) => (
        <select
          key={key}
          {...props}
          // A field posted twice (a crafted form) comes back as a list: show the first value.
          defaultValue={Array.isArray(props.defaultValue) ? props.defaultValue[0] : (props.defaultValue ?? "")}
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={controlClass(invalid, "h-10")}
        >
          {placeholder !== undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => {
            const [value, text] = typeof option === "string" ? [option, option] : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </FieldFrame>
  );
}

/** An on/off setting: a checkbox exposed as a switch, with its label and a description. */
/** A checkbox drawn as a switch (`role="switch"`). */
export const SWITCH_CLASS =
  "relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-500 transition-colors duration-150 before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:transition-transform checked:bg-brand-600 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export function SwitchField({
  name,
  label,
  description,
  defaultChecked,
}: {
  name: string;
  label: string;
  description: string;
  defaultChecked: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs text-muted">
          {description}
        </p>
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-description`}
        className={SWITCH_CLASS}
      />
    </div>
  );
}
