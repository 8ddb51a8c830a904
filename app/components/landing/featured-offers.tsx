import { Link } from "@remix-run/react";
import { ArrowRight, Info } from "lucide-react";
import { clsx } from "clsx";
import { SectionHeading } from "./section-heading";

interface SampleOffer {
  name: string;
  issuer: string;
  initials: string;
  art: string;
  bonus: string;
  bonusNote: string;
  annualFee: string;
  apr: string | null;
}

const SAMPLE_OFFERS: SampleOffer[] = [
  {
    name: "Northstar Voyager Rewards",
    issuer: "Meridian Bank",
    initials: "NV",
    art: "from-brand-600 to-brand-900",
    bonus: "75,000 bonus points",
    bonusNote: "Travel rewards card",
    annualFee: "$95",
    apr: "16.99%-24.99%",
  },
  {
    name: "Harbor Everyday Cash",
    issuer: "Bayline Financial",
    initials: "HE",
    art: "from-brand-700 to-ink",
    bonus: "$250 cash bonus",
    bonusNote: "Cash back card",
    annualFee: "$0",
    apr: null,
  },
  {
    name: "Summit Reserve Elite",
    issuer: "Crestview Card Services",
    initials: "SR",
    art: "from-ink to-brand-800",
    bonus: "90,000 points",
    bonusNote: "Premium travel card",
    annualFee: "$150",
    apr: null,
  },
];

export function FeaturedOffers() {
  return (
    <section aria-labelledby="offers-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="offers-heading" eyebrow="Sample offers" title="The kind of offers you will find">
          Sign-up bonuses, annual fees and sharing offers side by side, so you can compare cards at a glance.
        </SectionHeading>
        <p className="mx-auto mt-6 flex max-w-2xl items-start justify-center gap-2 text-center text-sm text-muted">
          <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            Illustrative sample offers: these cards are fictional. Real bonuses, rates and fees are set by each card
            issuer.
          </span>
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SAMPLE_OFFERS.map((offer) => (
            <li key={offer.name}>
              <OfferTile offer={offer} />
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link
            to="/auth?tab=register&as=applicant"
            className="inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-4 transition-colors duration-150 hover:text-brand-800 hover:underline"
          >
            Join to browse live referrals
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </div>
    </section>
  );
}

function OfferTile({ offer }: { offer: SampleOffer }) {
  return (
    <article className="flex h-full flex-col rounded-card border border-line bg-surface p-6 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <div
          aria-hidden
          className={clsx(
            "flex h-12 w-19 shrink-0 items-end rounded-lg bg-linear-to-br p-2 text-xs font-semibold text-white",
            offer.art,
          )}
        >
          {offer.initials}
        </div>
        <span className="rounded-full border border-line bg-canvas px-2 py-0.5 text-xs font-medium whitespace-nowrap text-muted">
          Sample offer
        </span>
      </div>
      <h3 className="mt-5 font-semibold text-ink">{offer.name}</h3>
      <p className="text-sm text-muted">{offer.issuer}</p>
      <div className="mt-6 border-t border-line pt-6">
        <p className="text-xs font-medium tracking-wide text-muted uppercase">Sign-up bonus</p>
        <p className="mt-1 text-3xl leading-tight font-semibold tracking-tight text-ink tabular">{offer.bonus}</p>
        <p className="mt-1 text-sm text-muted">{offer.bonusNote}</p>
      </div>
      <dl className="mt-auto divide-y divide-line pt-6 text-sm">
        <div className="flex items-baseline justify-between gap-4 py-3">
          <dt className="text-muted">Annual fee</dt>
          <dd className="font-semibold text-ink tabular">{offer.annualFee}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 py-3">
          <dt className="text-muted">APR</dt>
          <dd className={clsx("text-right font-semibold text-ink", offer.apr && "tabular")}>
            {offer.apr ?? "Set by issuer"}
          </dd>
        </div>
      </dl>
    </article>
  );
}
