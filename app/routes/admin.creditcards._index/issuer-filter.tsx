import { Form, Link, useSubmit } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/modules/admin/list-ui";
import type { CardSort } from "~/modules/cards/schemas";

const SORT_LABELS: Record<CardSort, string> = {
  issuer: "Issuer, then name",
  name: "Name (A-Z)",
  newest: "Newest first",
};

/**
 * The list's tools, a GET form so the query lives in the URL and works without JavaScript (Apply;
 * with JavaScript a select change applies at once): the start of a card name, the issuer, the
 * order, and how many cards match.
 */
export function IssuerFilterForm({
  q,
  issuer,
  issuers,
  sort,
  total,
  clearUrl,
}: {
  q: string;
  issuer: string | null;
  issuers: string[];
  sort: CardSort;
  total: number;
  clearUrl: string;
}) {
  const submit = useSubmit();
  const filtered = q !== "" || issuer !== null || sort !== "issuer";
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filter cards" role="search">
      <div>
        <label htmlFor="card-search" className="block text-sm font-medium text-ink">
          Card name starts with
        </label>
        <input id="card-search" name="q" type="search" defaultValue={q} maxLength={100} className={inputClass} />
      </div>
      <div>
        <label htmlFor="issuer-filter" className="block text-sm font-medium text-ink">
          Filter by issuer
        </label>
        <select
          id="issuer-filter"
          name="issuer"
          defaultValue={issuer ?? ""}
          key={issuer ?? ""}
          onChange={(event) => submit(event.currentTarget.form)}
          className={inputClass}
        >
          <option value="">All issuers</option>
          {issuers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="card-sort" className="block text-sm font-medium text-ink">
          Sort by
        </label>
        <select
          id="card-sort"
          name="sort"
          defaultValue={sort}
          key={sort}
          onChange={(event) => submit(event.currentTarget.form)}
          className={inputClass}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Apply Filter
      </Button>
      {filtered ? (
        <Link to={clearUrl} className={buttonClass("ghost")}>
          Clear Filter
        </Link>
      ) : null}
      <p className="ml-auto text-sm text-muted tabular" role="status">
        {total} {total === 1 ? "card" : "cards"} found
      </p>
    </Form>
  );
}
