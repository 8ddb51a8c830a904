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
      <div>
        <label htmlFor="filter-card" className="block text-sm font-medium text-ink">
          Card
        </label>
        <select id="filter-card" name="card" defaultValue={cardId ?? ""} className={`${inputClass} max-w-xs`}>
          <option value="">All cards</option>
          {cards.map((card) => (
            <option key={card.id} value={card.id}>
              {card.label}
            </option>
          ))}
        </select>
      </div>
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
