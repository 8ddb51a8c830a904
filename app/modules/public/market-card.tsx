import { Link } from "@remix-run/react";
import { formatAnnualFee } from "~/modules/cards/display";
import { CardArt } from "~/modules/cards/card-art";
import type { MarketCard } from "./catalogue";

/**
 * One card in the catalogue and the landing's market (docs/product.md#catalogue): its welcome
 * offer (the structured one or its text), its live referrals and the best share one of them
 * promises, linking to the card's page.
 */
export function MarketCardTile({ card, headingLevel = 2 }: { card: MarketCard; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const share = card.bestShare;
  const estimate = card.offerEstimate;
  return (
    <li className="relative flex flex-col gap-3 rounded-card border border-line bg-surface p-4 hover:border-brand-300">
      <div className="flex items-start gap-3">
        <CardArt name={card.name} issuer={card.issuer} imageUrl={card.imageUrl} className="w-20" />
        <div className="min-w-0">
          <Heading className="font-semibold leading-snug">
            {/* The whole tile is the link's target area; the name is its text. */}
            <Link to={`/cards/${card.slug}`} className="after:absolute after:inset-0 hover:underline">
              {card.name}
            </Link>
          </Heading>
          <p className="text-sm text-muted">
            {card.issuer} · {card.category} · {formatAnnualFee(card.annualFee)}
          </p>
        </div>
      </div>
      {/* dt/dd pairs straight under the list (one div each), as a definition list must have them. */}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
        <div className="col-span-2">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">Welcome offer</dt>
          <dd className="line-clamp-2">
            {card.welcomeOffer ?? <span className="text-muted">No welcome offer stated</span>}
            {estimate && !card.welcomeOffer?.startsWith("$") ? (
              <span className="ml-1 whitespace-nowrap text-muted">({estimate} value)</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">Live referrals</dt>
          <dd className="tabular font-semibold" data-testid="live-referrals">
            {card.liveReferrals}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">Best share</dt>
          <dd className={share ? "tabular font-semibold text-success-700" : "text-muted"}>
            {share ?? (card.liveReferrals > 0 ? "No share offered" : "No referrals yet")}
          </dd>
        </div>
      </dl>
    </li>
  );
}
