import { FILTER_CONTROL_CLASS } from "./filter-select";

/** The labelled text search of a GET filter form ('q'): /apply's and /cards'. */
export function SearchField({
  defaultValue,
  placeholder,
  className = FILTER_CONTROL_CLASS,
  wrapperClassName,
}: {
  defaultValue: string;
  placeholder: string;
  className?: string;
  wrapperClassName: string;
}) {
  return (
    <div className={wrapperClassName}>
      <label htmlFor="q" className="block text-sm font-medium">
        Search
      </label>
      <input
        id="q"
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={className}
      />
    </div>
  );
}
