/**
 * schema.org JSON-LD of the public pages (docs/product.md#card-pages, ADR 200). A card page
 * describes the card (CreditCard) and its welcome offer (Offer, with the annual fee as its yearly
 * price). No AggregateRating: Cardshare's ratings are of the referrers, not of the card, and search
 * engines' review-snippet rules allow a rating only of the item the page is about.
 */
import { formatAnnualFee } from "~/modules/cards/display";

export interface CardForStructuredData {
  name: string;
  issuer: string;
  category: string;
  annualFee: number;
  description: string;
  welcomeOffer: string | null;
  imageUrl: string | null;
  officialWebsite: string | null;
}

export function cardJsonLd(card: CardForStructuredData, url: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "CreditCard",
    name: card.name,
    url,
    category: card.category,
    ...(card.description ? { description: card.description } : {}),
    ...(card.imageUrl ? { image: card.imageUrl } : {}),
    ...(card.officialWebsite ? { sameAs: card.officialWebsite } : {}),
    provider: { "@type": "Organization", name: card.issuer },
    feesAndCommissionsSpecification: `Annual fee: ${formatAnnualFee(card.annualFee)}`,
    offers: {
      "@type": "Offer",
      name: `Welcome offer: ${card.name}`,
      description: card.welcomeOffer ?? "No welcome offer stated",
      url,
      seller: { "@type": "Organization", name: card.issuer },
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        name: "Annual fee",
        price: card.annualFee,
        priceCurrency: "USD",
        unitText: "year",
      },
    },
  };
}
