/**
 * A field of the referral form bound to its conform metadata: the control's props, the label and
 * its errors (the form's `errorsOf`) in one element, for /refer's new-card and share sections.
 */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Field, SelectField } from "~/components/forms/field";
import type { ErrorsOf } from "./form-values";

type Bound<Schema> = FieldMetadata<Schema, Record<string, unknown>, string[]>;

interface Frame<Schema> {
  field: Bound<Schema>;
  label: string;
  errorsOf: ErrorsOf;
  hint?: ReactNode;
  className?: string;
}

/** A text, number or URL input; further attributes (min, step, placeholder...) go on the input. */
export function InputFor<Schema>({
  field,
  label,
  errorsOf,
  hint,
  className,
  type = "text",
  ...attributes
}: Frame<Schema> & { type?: "text" | "number" | "url" } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "className"
  >) {
  return (
    <Field
      label={label}
      hint={hint}
      className={className}
      inputProps={{ ...getInputProps(field, { type }), ...attributes }}
      errors={errorsOf(field)}
    />
  );
}

/** A select of `options` ([value, label] pairs or values that are their own label). */
export function SelectFor<Schema>({
  field,
  label,
  errorsOf,
  hint,
  className,
  options,
  placeholder,
}: Frame<Schema> & { options: readonly (string | readonly [string, string])[]; placeholder?: string }) {
  return (
    <SelectField
      label={label}
      hint={hint}
      className={className}
      placeholder={placeholder}
      options={options}
      selectProps={getSelectProps(field)}
      errors={errorsOf(field)}
    />
  );
}
