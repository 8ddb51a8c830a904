import { FilterSelect } from "~/components/forms/filter-select";
import { inputClass } from "./list-ui";

/** The card select and member box shared by the referral and application filters. */
export function CardAndUserFields({
  cards,
  cardId,
  user,
  userLabel,
}: {
  cards: { id: string; label: string }[];
  cardId: string | null;
  user: string;
  userLabel: string;
}) {
  return (
    <>
      <FilterSelect
        id="filter-card"
        name="card"
        label="Card"
        value={cardId}
        options={[{ value: "", label: "All cards" }, ...cards.map((card) => ({ value: card.id, label: card.label }))]}
        className={`${inputClass} max-w-xs`}
      />
      <div>
        <label htmlFor="filter-user" className="block text-sm font-medium text-ink">
          {userLabel}
        </label>
        <input
          id="filter-user"
          name="user"
          type="search"
          defaultValue={user}
          placeholder="username or email"
          className={inputClass}
        />
      </div>
    </>
  );
}
