import { FilterSelect } from "~/components/forms/filter-select";
import { BONUS_TYPE_LABELS, BONUS_TYPES } from "~/modules/referrals/display";
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
  className,
}: {
  issuers: readonly string[];
  values: { issuer: string; category: string; bonus: string };
  bonusName: string;
  bonusLabel: string;
  className: string;
}) {
  const any = { value: "", label: "Any" };
  return (
    <>
      <FilterSelect
        className={className}
        name="issuer"
        label="Issuer"
        value={values.issuer}
        options={[any, ...issuers.map((issuer) => ({ value: issuer, label: issuer }))]}
      />
      <FilterSelect
        className={className}
        name="category"
        label="Category"
        value={values.category}
        options={[any, ...CARD_CATEGORIES.map((value) => ({ value, label: value }))]}
      />
      <FilterSelect
        className={className}
        name={bonusName}
        label={bonusLabel}
        value={values.bonus}
        options={[any, ...BONUS_TYPES.map((value) => ({ value, label: BONUS_TYPE_LABELS[value] }))]}
      />
    </>
  );
}
