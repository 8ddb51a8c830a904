/** The controls of the public filter forms (/apply, /cards). */
export const FILTER_CONTROL_CLASS = "mt-1.5 block h-10 w-full rounded-card border border-line bg-surface px-3 text-sm";

export type FilterOption = { value: string | number; label: string };

/** "Any" (no filter) followed by the allowed values, labelled. */
export function anyOr(values: readonly number[], label: (value: number) => string): FilterOption[] {
  return [{ value: "", label: "Any" }, ...values.map((value) => ({ value, label: label(value) }))];
}

/**
 * One labelled select of a GET filter form (its value lives in the URL, so it works without
 * JavaScript): /apply's filters and sort, the admin lists' filters.
 */
export function FilterSelect({
  name,
  label,
  value,
  options,
  className,
  id = name,
}: {
  name: string;
  label: string;
  value?: string | number | null;
  options: readonly FilterOption[];
  className: string;
  id?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value == null ? "" : String(value)} className={className}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
