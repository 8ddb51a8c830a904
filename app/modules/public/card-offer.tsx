import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import { CardArt } from "~/modules/referrals/referral-card";
import type { BonusUnit, CardCategory } from "../../../db/enums";

/** What the public pages show of a card: who issues it, its fee and the offer of applying with a referral. */
export interface PublicCard {
  /** Null for a member's own card, which has no public page until an admin lists it. */
  slug: string | null;
  name: string;
  issuer: string;
  category: CardCategory;
  annualFee: number;
  referralBonusAmount: number;
  referralBonusUnit: BonusUnit;
  applyBenefitWithReferral: string;
  imageUrl: string | null;
}

/** The card's art, name (linked to its page with `linkName`) and offer (docs/product.md#card-pages). */
export function CardOffer({ card, title, linkName }: { card: PublicCard; title?: string; linkName?: boolean }) {
  return (
    <div className="flex items-start gap-4">
      {/* A small card beside the name on a phone, never a screen-wide placeholder. */}
      <div className="w-24 shrink-0 sm:w-56">
        <CardArt name={card.name} issuer={card.issuer} imageUrl={card.imageUrl} />
      </div>
      <div className="min-w-0 space-y-2">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">
          {linkName && card.slug ? (
            <Link to={`/cards/${card.slug}`} className="hover:underline">
              {title ?? card.name}
            </Link>
          ) : (
            (title ?? card.name)
          )}
        </h1>
        <p className="text-sm text-muted">
          {card.issuer} · {card.category} · {formatAnnualFee(card.annualFee)}
        </p>
        {card.applyBenefitWithReferral ? (
          <div>
            <h2 className="text-sm font-semibold">Welcome offer when you apply with a referral</h2>
            <p className="mt-1 whitespace-pre-line text-sm">{card.applyBenefitWithReferral}</p>
          </div>
        ) : null}
        <p className="text-sm">
          <span className="text-muted">Card referral bonus (the referrer&apos;s): </span>
          <span className="tabular font-medium">
            {formatBonus({ amount: card.referralBonusAmount, unit: card.referralBonusUnit })}
          </span>
        </p>
      </div>
    </div>
  );
}

/** The visitor's call to join, coming back to `returnTo` after registering and verifying. */
export function JoinCall({ returnTo, text }: { returnTo: string; text: string }) {
  const to = (tab: "register" | "login") => `/auth?${new URLSearchParams({ tab, redirectTo: returnTo })}`;
  return (
    <section aria-labelledby="join-heading" className="rounded-card border border-brand-200 bg-brand-50 p-5">
      <h2 id="join-heading" className="font-semibold text-brand-900">
        Sign up to apply
      </h2>
      <p className="mt-1 text-sm text-ink">{text}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to={to("register")} className={buttonClass("primary", "md")}>
          Sign up
        </Link>
        <Link to={to("login")} className={buttonClass("secondary", "md")}>
          Sign in
        </Link>
      </div>
    </section>
  );
}

/** Title, description, Open Graph and canonical tags of a public page. */
export function publicMeta(input: { title: string; description: string; url: string; image?: string | null }) {
  return [
    { title: input.title },
    { name: "description", content: input.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Cardshare" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: input.url },
    ...(input.image ? [{ property: "og:image", content: input.image }] : []),
    { tagName: "link", rel: "canonical", href: input.url },
  ];
}
