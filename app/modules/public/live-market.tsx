import { Link } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import type { MarketFigures } from "./catalogue";
import { MarketCardTile } from "./market-card";

const count = new Intl.NumberFormat("en-US");

/**
 * The landing's live market (docs/product.md#landing): real figures and the cards where an
 * applicant gets most today, each linking to its page, above the spec's sample section.
 */
export function LiveMarket({ market }: { market: MarketFigures }) {
  const figures: [string, number][] = [
    ["Active referrals", market.activeReferrals],
    ["Cards with referrals", market.cardsWithReferrals],
    ["Confirmed successes, last 90 days", market.confirmedSuccesses],
    ["Shares paid, last 90 days", market.sharesPaid],
  ];
  return (
    <section aria-labelledby="market-heading" className="border-b border-line py-14 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold text-brand-700">The live market</p>
            <h2 id="market-heading" className="mt-2 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
              Referrals on Cardshare today
            </h2>
          </div>
          <Link to="/cards" className={buttonClass("secondary", "md")}>
            Browse cards
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Market figures">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-card border border-line bg-surface p-4">
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular text-ink">{count.format(value)}</dd>
            </div>
          ))}
        </dl>
        {market.topCards.length > 0 ? (
          <>
            <h3 className="mt-10 text-lg font-semibold text-ink">Where an applicant gets most today</h3>
            <p className="mt-1 text-sm text-muted">
              Welcome offer plus the best share a referrer promises, in estimated dollars.
            </p>
            <ul
              aria-label="Cards where an applicant gets most"
              className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            >
              {market.topCards.map((card) => (
                <MarketCardTile key={card.slug} card={card} headingLevel={3} />
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}
