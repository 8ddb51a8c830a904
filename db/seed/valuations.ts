/**
 * The rewards programs and what a point or mile of each is worth, in US cents, as migration 0019
 * seeds them (docs/decisions/185-share-is-money.md) and the demo catalogue links its cards to them.
 * Figures: approximate valuations in the style of The Points Guy's published monthly valuations
 * (2025), rounded; admins keep them current at /admin/valuations.
 */
export const VALUATION_SOURCE =
  "Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded";

export interface SeedValuation {
  id: string;
  program: string;
  unit: "Points" | "Miles";
  centsPerPoint: number;
  /** Catalogue cards (db/seed/cards.ts) whose points or miles belong to the program. */
  cards: string[];
}

export const SEED_VALUATIONS: SeedValuation[] = [
  {
    id: "val-chase-ur",
    program: "Chase Ultimate Rewards",
    unit: "Points",
    centsPerPoint: 2.05,
    cards: [
      "Chase Sapphire Preferred Card",
      "Chase Sapphire Reserve",
      "Chase Freedom Unlimited",
      "Chase Freedom Flex",
      "Ink Business Preferred Credit Card",
      "Ink Business Cash Credit Card",
      "Ink Business Unlimited Credit Card",
    ],
  },
  {
    id: "val-amex-mr",
    program: "American Express Membership Rewards",
    unit: "Points",
    centsPerPoint: 2,
    cards: [
      "The Platinum Card from American Express",
      "American Express Gold Card",
      "American Express Green Card",
      "The Business Platinum Card from American Express",
      "American Express Business Gold Card",
      "The Blue Business Plus Credit Card from American Express",
    ],
  },
  {
    id: "val-capital-one",
    program: "Capital One Miles",
    unit: "Miles",
    centsPerPoint: 1.85,
    cards: [
      "Capital One Venture X Rewards Credit Card",
      "Capital One Venture Rewards Credit Card",
      "Capital One VentureOne Rewards Credit Card",
    ],
  },
  {
    id: "val-citi-typ",
    program: "Citi ThankYou Points",
    unit: "Points",
    centsPerPoint: 1.9,
    cards: ["Citi Strata Premier Card"],
  },
  { id: "val-bilt", program: "Bilt Rewards", unit: "Points", centsPerPoint: 2.2, cards: ["Bilt Mastercard"] },
  {
    id: "val-united",
    program: "United MileagePlus",
    unit: "Miles",
    centsPerPoint: 1.35,
    cards: ["United Explorer Card"],
  },
  {
    id: "val-southwest",
    program: "Southwest Rapid Rewards",
    unit: "Points",
    centsPerPoint: 1.3,
    cards: ["Southwest Rapid Rewards Plus Credit Card"],
  },
  {
    id: "val-delta",
    program: "Delta SkyMiles",
    unit: "Miles",
    centsPerPoint: 1.2,
    cards: ["Delta SkyMiles Gold American Express Card", "Delta SkyMiles Platinum American Express Card"],
  },
  {
    id: "val-aa",
    program: "American Airlines AAdvantage",
    unit: "Miles",
    centsPerPoint: 1.65,
    cards: ["AAdvantage Aviator Red World Elite Mastercard"],
  },
  { id: "val-jetblue", program: "JetBlue TrueBlue", unit: "Points", centsPerPoint: 1.35, cards: ["JetBlue Plus Card"] },
  {
    id: "val-hyatt",
    program: "World of Hyatt",
    unit: "Points",
    centsPerPoint: 1.7,
    cards: ["World of Hyatt Credit Card"],
  },
  {
    id: "val-marriott",
    program: "Marriott Bonvoy",
    unit: "Points",
    centsPerPoint: 0.7,
    cards: ["Marriott Bonvoy Boundless Credit Card"],
  },
  {
    id: "val-hilton",
    program: "Hilton Honors",
    unit: "Points",
    centsPerPoint: 0.5,
    cards: ["Hilton Honors American Express Card", "Hilton Honors American Express Surpass Card"],
  },
  {
    id: "val-wells",
    program: "Wells Fargo Rewards",
    unit: "Points",
    centsPerPoint: 1,
    cards: ["Wells Fargo Autograph Card"],
  },
  {
    id: "val-bofa",
    program: "Bank of America Travel Rewards",
    unit: "Points",
    centsPerPoint: 1,
    cards: ["Bank of America Travel Rewards Credit Card"],
  },
  {
    id: "val-usbank",
    program: "U.S. Bank Altitude",
    unit: "Points",
    centsPerPoint: 1,
    cards: ["U.S. Bank Altitude Go Card"],
  },
];

/** The program a catalogue card's points or miles belong to, or null. */
export function programOfCard(name: string): string | null {
  return SEED_VALUATIONS.find((valuation) => valuation.cards.includes(name))?.id ?? null;
}
