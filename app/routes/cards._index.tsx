import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { SearchField } from "~/components/forms/search-field";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { SITE_FOOTER_HANDLE } from "~/components/layout/site-footer";
import { buttonClass } from "~/components/ui/button";
import { runReads } from "~/core/d1-reads.server";
import { pageLoader } from "~/http/page-loader.server";
import { activeIssuersRead } from "~/modules/cards/catalog.server";
import { CardFilterSelects, MaxFeeSelect, SearchButtons, SortSelect } from "~/modules/cards/card-filter-selects";
import { publicMeta } from "~/modules/public/card-offer";
import { CATALOGUE_SORT_LABELS, CATALOGUE_SORTS } from "~/modules/public/catalogue";
import { CatalogueQuerySchema, catalogueRead } from "~/modules/public/catalogue.server";
import { MarketCardTile } from "~/modules/public/market-card";

export const handle = SITE_FOOTER_HANDLE;

/**
 * The catalogue people browse (docs/product.md#catalogue): search, filters, sorts and keyset
 * pages over the listed cards, each with its welcome offer, live referrals and best share. A GET
 * form, so it works without JavaScript; one D1 round trip for the page and the issuer filter.
 */
export const loader = pageLoader({
  access: "anyone",
  query: CatalogueQuerySchema,
  async run({ ctx, query }) {
    const [page, issuers] = await runReads(ctx, [catalogueRead(ctx, query), activeIssuersRead(ctx)]);
    return {
      cards: page.cards,
      nextCursor: page.nextCursor,
      issuers,
      query: {
        q: query.q ?? "",
        issuer: query.issuer ?? "",
        category: query.category ?? "",
        maxFee: query.maxFee ?? "",
        bonus: query.bonus ?? "",
        sort: query.sort,
        paged: Boolean(query.after),
      },
      url: new URL("/cards", ctx.env.APP_ORIGIN).toString(),
    };
  },
});

const FILTERS = ["q", "issuer", "category", "maxFee", "bonus"] as const;

export default function CardsIndex() {
  const { cards, nextCursor, issuers, query } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/cards";
  const filtered = FILTERS.some((key) => query[key] !== "");
  /** This search's URL, from its first page or after a cursor. */
  const pageHref = (after?: string) => {
    const params = new URLSearchParams();
    for (const key of FILTERS) if (query[key] !== "") params.set(key, String(query[key]));
    if (query.sort !== "referrals") params.set("sort", query.sort);
    if (after) params.set("after", after);
    const search = params.toString();
    return search ? `/cards?${search}` : "/cards";
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Browse cards</h1>
      <p className="mt-1 text-sm text-muted">
        Every card on Cardshare with its welcome offer, how many card holders refer it now and the best share one of
        them promises.
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Search cards"
        onChange={(event) => {
          if (event.target instanceof HTMLSelectElement) submit(event.currentTarget, { preventScrollReset: true });
        }}
        className="mt-6 grid gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[2fr_repeat(4,1fr)_1.4fr_auto]"
      >
        <SearchField
          wrapperClassName="sm:col-span-2 lg:col-span-1"
          defaultValue={query.q}
          placeholder="Card or issuer"
        />
        <CardFilterSelects
          issuers={issuers}
          values={{ issuer: query.issuer, category: query.category, bonus: query.bonus }}
          bonusName="bonus"
          bonusLabel="Bonus type"
        />
        <MaxFeeSelect label="Annual fee" value={query.maxFee} />
        <SortSelect
          value={query.sort}
          options={CATALOGUE_SORTS.map((value) => ({ value, label: CATALOGUE_SORT_LABELS[value] }))}
        />
        <SearchButtons clear={filtered ? { to: "/cards", label: "Clear" } : null} />
      </Form>
      <section aria-label="Cards" aria-busy={loading} className="mt-6">
        <p role="status" className="mb-3 text-sm font-medium text-muted">
          {loading
            ? "Updating results…"
            : cards.length === 0
              ? "No cards match your search."
              : `${cards.length}${nextCursor ? "+" : ""} ${cards.length === 1 ? "card" : "cards"}${query.paged ? " on this page" : ""}`}
        </p>
        <ul aria-label="Cards" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((card) => (
            <MarketCardTile key={card.slug} card={card} />
          ))}
        </ul>
        <div className="mt-6 flex gap-3">
          {query.paged ? (
            <Link to={pageHref()} className={buttonClass("ghost", "sm")}>
              First page
            </Link>
          ) : null}
          {nextCursor ? (
            <Link to={pageHref(nextCursor)} className={buttonClass("secondary", "sm")}>
              More cards
            </Link>
          ) : null}
        </div>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicMeta({
    title: "Browse credit cards and their referrals | Cardshare",
    description:
      "Browse every credit card on Cardshare: welcome offers, how many card holders refer each card now and the best share of the referral bonus they promise.",
    url: data?.url ?? "/cards",
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
