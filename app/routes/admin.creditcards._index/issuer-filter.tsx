import { Form, Link, useSubmit } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";

/**
 * The issuer filter: a GET form (Apply Filter without JavaScript; with it, choosing submits), and
 * how many cards match.
 */
export function IssuerFilterForm({
  issuer,
  issuers,
  total,
  clearUrl,
}: {
  issuer: string | null;
  issuers: string[];
  total: number;
  clearUrl: string;
}) {
  const submit = useSubmit();
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filter cards">
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
          className="mt-1.5 h-10 rounded-card border border-line bg-surface px-3 text-sm"
        >
          <option value="">All issuers</option>
          {issuers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Apply Filter
      </Button>
      {issuer ? (
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
