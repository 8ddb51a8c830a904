import { data, redirect, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { CardSkeletons } from "~/components/ui/skeleton";
import { activeIssuersRead } from "~/modules/cards/catalog.server";
import { CardFilterSelects, MaxFeeSelect, SearchButtons, SortSelect } from "~/modules/cards/card-filter-selects";
import { runReads } from "~/core/d1-reads.server";
import { EMPTY_SEARCH_TEXT, MIN_CREDIT_OPTIONS, MIN_SHARING_OPTIONS, SORT_OPTIONS } from "~/modules/referrals/display";
import { ReferralCard } from "~/modules/referrals/referral-card";
import { TILE_VIEW } from "~/modules/referrals/record-sql.server";
import { parseSlot, slotForVisitor, VISITOR_SLOT_SECONDS } from "~/modules/referrals/rotation.server";
import { SearchQuerySchema, searchRead } from "~/modules/referrals/search.server";
import { pageLoader } from "~/http/page-loader.server";
import { ReferralTypeTab } from "~/modules/referrals/type-tab";
import { anyOr, FILTER_CONTROL_CLASS, FilterSelect } from "~/components/forms/filter-select";
import { signedInMeta } from "~/utils/signed-in-meta";
import { SearchField } from "~/components/forms/search-field";

const SLOT_COOKIE = "cs_rotation";

function cookieSlot(request: Request) {
  const match = new RegExp(`(?:^|;\\s*)${SLOT_COOKIE}=(\\d)`).exec(request.headers.get("Cookie") ?? "");
  return parseSlot(match?.[1]);
}

/** The URL without its empty parameters ('?q=&minCredit=' is '/apply'), or null when it has none. */
function withoutEmptyParams(url: URL): string | null {
  const params = new URLSearchParams();
  let dropped = false;
  for (const [key, value] of url.searchParams) {
    if (value.trim() === "") dropped = true;
    else params.append(key, value);
  }
  if (!dropped) return null;
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

export const loader = pageLoader({
  access: "member",
  query: SearchQuerySchema,
  async run({ ctx, query, request }) {
    // A filter form sent without JavaScript names every field, empty or not: one clean URL per search.
    const clean = withoutEmptyParams(new URL(request.url));
    if (clean !== null) throw redirect(clean);
    // The visitor's rotation slot: from the URL (pages of one search), else a short-lived cookie.
    const remembered = cookieSlot(request);
    const slot = query.slot ?? remembered ?? slotForVisitor(Date.now());
    // One round trip for both reads (app/core/d1-reads.server.ts).
    const [{ result }, issuers] = await runReads(ctx, [
      searchRead(ctx, { ...query, slot }, null, TILE_VIEW),
      activeIssuersRead(ctx),
    ]);
    const { data: referrals, nextCursor, total } = result;
    const headers = new Headers();
    if (remembered === null) {
      headers.append(
        "Set-Cookie",
        `${SLOT_COOKIE}=${slot}; Max-Age=${VISITOR_SLOT_SECONDS}; Path=/apply; HttpOnly; SameSite=Lax`,
      );
    }
    return data(
      {
        referrals,
        nextCursor,
        total,
        issuers,
        slot,
        query: {
          q: query.q,
          minCredit: query.minCredit ?? "",
          minSharing: query.minSharing ?? "",
          maxFee: query.maxFee ?? "",
          issuer: query.issuer ?? "",
          category: query.category ?? "",
          bonusType: query.bonusType ?? "",
          sort: query.sort,
          paged: query.cursor !== null,
        },
        supportEmail: ctx.env.SUPPORT_EMAIL,
      },
      { headers },
    );
  },
});

/** The sort options, the default one empty so that it stays out of the URL. */
const SORT_CHOICES = SORT_OPTIONS.map((option) => (option.value === "default" ? { ...option, value: "" } : option));

/** The filter fields inside the disclosure (search and sort stay outside it). */
const FILTER_FIELDS = ["issuer", "category", "bonusType", "minCredit", "minSharing", "maxFee"] as const;

/** The form's fields without the empty ones, so the URL carries only what filters (docs/product.md#search). */
function cleanParams(form: HTMLFormElement) {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && value.trim() !== "") params.append(key, value);
  }
  return params;
}

/** '24 referrals', '1 referral', '100+ referrals' (a floor: see searchReferrals). */
function countText(total: { count: number; exact: boolean }) {
  const noun = total.count === 1 && total.exact ? "referral" : "referrals";
  return `${total.count.toLocaleString("en-US")}${total.exact ? "" : "+"} ${noun}`;
}

export default function FindReferrals() {
  const { referrals, nextCursor, total, issuers, slot, query, supportEmail } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const navigation = useNavigation();
  const filtersRef = useRef<HTMLDetailsElement>(null);
  const searching = navigation.state === "loading" && navigation.location.pathname === "/apply";
  const activeFilters = FILTER_FIELDS.filter((key) => query[key] !== "").length;
  // Wide screens show the filters open; a phone keeps them in the closed sheet (open when filtering).
  useEffect(() => {
    if (filtersRef.current && window.matchMedia("(min-width: 768px)").matches) filtersRef.current.open = true;
  }, []);
  const params = (extra: Record<string, string>) => {
    const search = new URLSearchParams();
    if (query.q) search.set("q", query.q);
    for (const key of FILTER_FIELDS) {
      if (query[key] !== "") search.set(key, String(query[key]));
    }
    if (query.sort !== "default") search.set("sort", query.sort);
    search.set("r", String(slot));
    for (const [key, value] of Object.entries(extra)) search.set(key, value);
    return `?${search}`;
  };
  const send = (form: HTMLFormElement) =>
    submit(cleanParams(form), { method: "get", action: "/apply", preventScrollReset: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Find a referral</h1>
          <p className="mt-1 text-sm text-muted">Apply through a member&apos;s link and share in the bonus.</p>
        </div>
        <p className="text-sm text-muted">
          Questions?{" "}
          <a href={`mailto:${supportEmail}`} className="text-brand-700 underline">
            {supportEmail}
          </a>
        </p>
      </header>

      <ReferralTypeTab label="Credit Cards" className="mt-6" />

      <Form
        method="get"
        role="search"
        aria-label="Search referrals"
        onSubmit={(event) => {
          event.preventDefault();
          send(event.currentTarget);
        }}
        onChange={(event) => {
          if (!(event.target instanceof HTMLSelectElement)) return;
          send(event.currentTarget);
        }}
        className="mt-4 space-y-3 rounded-card border border-line bg-surface p-4"
      >
        <input type="hidden" name="r" value={slot} />
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] md:grid-cols-[2fr_1fr_auto]">
          <SearchField
            wrapperClassName="sm:col-span-2 md:col-span-1"
            defaultValue={query.q}
            placeholder="Card, issuer, category or info"
          />
          <SortSelect value={query.sort === "default" ? "" : query.sort} options={SORT_CHOICES} />
          <SearchButtons clear={{ to: "/apply", label: "Clear filters" }} />
        </div>
        <details ref={filtersRef} open={activeFilters > 0 ? true : undefined} className="group">
          <summary className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-card border border-line px-3 text-sm font-medium hover:bg-canvas">
            Filters{activeFilters > 0 ? ` (${activeFilters})` : ""}
          </summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
            <CardFilterSelects
              issuers={issuers}
              values={{ issuer: query.issuer, category: query.category, bonus: query.bonusType }}
              bonusName="bonusType"
              bonusLabel="Welcome bonus type"
            />
            <FilterSelect
              className={FILTER_CONTROL_CLASS}
              name="minCredit"
              label="Minimum credit score"
              value={query.minCredit}
              options={anyOr(MIN_CREDIT_OPTIONS, (value) => `${value}+`)}
            />
            <FilterSelect
              className={FILTER_CONTROL_CLASS}
              name="minSharing"
              label="Minimum sharing"
              value={query.minSharing}
              options={anyOr(MIN_SHARING_OPTIONS, (value) => `${value}%+`)}
            />
            <MaxFeeSelect label="Maximum annual fee" value={query.maxFee} />
          </div>
        </details>
      </Form>

      <section aria-labelledby="referrals-heading" aria-busy={searching} className="mt-6">
        {/* The cards' h3s sit under it (headings in order for screen readers). */}
        <h2 id="referrals-heading" className="sr-only">
          Referrals
        </h2>
        <p role="status" className="mb-3 text-sm font-medium text-muted">
          {searching ? "Updating results…" : total ? countText(total) : null}
        </p>
        {searching ? (
          <CardSkeletons
            count={Math.max(3, Math.min(referrals.length, 6))}
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          />
        ) : referrals.length === 0 ? (
          <p className="rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center text-sm text-muted">
            {nextCursor ? "No matches in this part of the listings." : EMPTY_SEARCH_TEXT}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {referrals.map((referral) => (
              <ReferralCard key={referral._id} referral={referral} />
            ))}
          </ul>
        )}
        <nav aria-label="Pages" className="mt-6 flex gap-3">
          {query.paged ? (
            <Link to={params({})} className={buttonClass("secondary")}>
              First page
            </Link>
          ) : null}
          {nextCursor ? (
            <Link to={params({ after: nextCursor })} className={buttonClass("secondary")}>
              Next page
            </Link>
          ) : null}
        </nav>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Find referrals | Cardshare",
    "Find a credit card referral from a card holder who shares the bonus, and apply through it.",
  );

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
