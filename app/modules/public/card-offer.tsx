import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import { CardArt } from "~/modules/cards/card-art";
import type { BonusUnit, CardCategory } from "../../../db/enums";
import { SHARE_IMAGE_SIZE } from "../../../og/contract";

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
  /** The welcome offer in one line (welcomeOfferLine: the structured offer, else its text), or null. */
  welcomeOffer: string | null;
  imageUrl: string | null;
}

/** The card's art, name (linked to its page with `linkName`) and offer (docs/product.md#card-pages). */
export function CardOffer({ card, title, linkName }: { card: PublicCard; title?: string; linkName?: boolean }) {
  return (
    <div className="flex items-start gap-4">
      {/* Beside the name from a tablet up; a phone gives the whole width to the name and the offer. */}
      <div className={card.imageUrl ? "hidden shrink-0 sm:block sm:w-56" : "hidden shrink-0 sm:block"}>
        <CardArt name={card.name} issuer={card.issuer} imageUrl={card.imageUrl} className="w-56" />
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
        <div>
          <h2 className="text-sm font-semibold">Welcome offer when you apply with a referral</h2>
          <p className="mt-1 whitespace-pre-line text-sm" data-testid="welcome-offer">
            {card.welcomeOffer ?? "No welcome offer stated"}
          </p>
        </div>
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

/** 'the Sapphire Preferred', but 'The Platinum Card' as it is: never 'the The ...'. */
export function withArticle(name: string) {
  return /^the\s/i.test(name) ? name : `the ${name}`;
}

/** A description cut at a word under `max` characters, with no word doubled ('the The'). */
export function describe(text: string, max = 300) {
  const single = text
    .replace(/\s+/g, " ")
    .replace(/\b(\w+)\s+\1\b/gi, "$1")
    .trim();
  if (single.length <= max) return single;
  const cut = single.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter tags of a public page, and its JSON-LD
 * (schema.org, `jsonLd`) when it has one.
 */
export function publicMeta(input: {
  title: string;
  description: string;
  url: string;
  /** The page's share image (docs/decisions/201): an absolute URL and what it shows. */
  image?: { url: string; alt: string } | null;
  jsonLd?: Record<string, unknown>;
}) {
  const image = input.image
    ? [
        { property: "og:image", content: input.image.url },
        { property: "og:image:type", content: "image/png" },
        { property: "og:image:width", content: String(SHARE_IMAGE_SIZE.width) },
        { property: "og:image:height", content: String(SHARE_IMAGE_SIZE.height) },
        { property: "og:image:alt", content: input.image.alt },
      ]
    : [];
  const description = describe(input.description);
  return [
    { title: input.title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Cardshare" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:url", content: input.url },
    ...image,
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
    ...(input.image
      ? [
          { name: "twitter:image", content: input.image.url },
          { name: "twitter:image:alt", content: input.image.alt },
        ]
      : []),
    { tagName: "link", rel: "canonical", href: input.url },
    ...(input.jsonLd ? [{ "script:ld+json": input.jsonLd }] : []),
  ];
}
