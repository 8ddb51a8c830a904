import { Link } from "@remix-run/react";
import { anyOr, FILTER_CONTROL_CLASS, FilterSelect, type FilterOption } from "~/components/forms/filter-select";
import { Button, buttonClass } from "~/components/ui/button";
import { BONUS_TYPE_LABELS, BONUS_TYPES, MAX_FEE_OPTIONS } from "~/modules/referrals/display";
import { CARD_CATEGORIES } from "../../../db/enums";

/**
 * The card filters /apply and /cards share (docs/product.md#search, #catalogue): Issuer, Category
 * and the welcome offer's bonus type, each 'Any' first. `bonusName` is the URL parameter of the
 * bonus type on the page (`bonusType` on /apply, `bonus` on /cards).
 */
export function CardFilterSelects({
  issuers,
  values,
  bonusName,
  bonusLabel,
}: {
  issuers: readonly string[];
  values: { issuer: string; category: string; bonus: string };
  bonusName: string;
  bonusLabel: string;
}) {
  const any = { value: "", label: "Any" };
  return (
    <>
      <FilterSelect
        className={FILTER_CONTROL_CLASS}
        name="issuer"
        label="Issuer"
        value={values.issuer}
        options={[any, ...issuers.map((issuer) => ({ value: issuer, label: issuer }))]}
      />
      <FilterSelect
        className={FILTER_CONTROL_CLASS}
        name="category"
        label="Category"
        value={values.category}
        options={[any, ...CARD_CATEGORIES.map((value) => ({ value, label: value }))]}
      />
      <FilterSelect
        className={FILTER_CONTROL_CLASS}
        name={bonusName}
        label={bonusLabel}
        value={values.bonus}
        options={[any, ...BONUS_TYPES.map((value) => ({ value, label: BONUS_TYPE_LABELS[value] }))]}
      />
    </>
  );
}

/** The annual fee's ceiling ('maxFee'): Any, No annual fee, $99 or less, ... */
export function MaxFeeSelect({ label, value }: { label: string; value: string | number }) {
  return (
    <FilterSelect
      className={FILTER_CONTROL_CLASS}
      name="maxFee"
      label={label}
      value={value}
      options={anyOr(MAX_FEE_OPTIONS, (fee) => (fee === 0 ? "No annual fee" : `$${fee} or less`))}
    />
  );
}

/** The order of the results ('sort'). */
export function SortSelect({ value, options }: { value: string; options: readonly FilterOption[] }) {
  return <FilterSelect className={FILTER_CONTROL_CLASS} name="sort" label="Sort by" value={value} options={options} />;
}

/** The form's Search button, and a link back to the page without filters when there is one to clear. */
export function SearchButtons({ clear }: { clear: { to: string; label: string } | null }) {
  return (
    <div className="flex items-end gap-2">
      <Button type="submit">Search</Button>
      {clear ? (
        <Link to={clear.to} className={buttonClass("ghost")}>
          {clear.label}
        </Link>
      ) : null}
    </div>
  );
}
