/**
 * What the main Worker sends the share-image Worker (docs/decisions/201): the texts of one public
 * page's Open Graph image, already worded by the app's domain (the card, its welcome offer, the
 * share as money, the referrer's figures). The image Worker reads nothing else and decides nothing:
 * it lays these texts out. Imported by both Workers, so it imports nothing.
 */

/** The size every share image has: the 1.91:1 Open Graph and Twitter large-image card. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export interface ShareImage {
  /** The small line above the title: the issuer, or who refers you. */
  eyebrow: string;
  /** The card's name. */
  title: string;
  /** The welcome offer, or null when the card has none. */
  offer: string | null;
  /** The highlighted money line: a referral's share as money, a card's best share. */
  highlight: string | null;
  /** Short facts shown as chips: the referrer's outcome figures and rating, a card's referral count. */
  facts: string[];
  /** The page's address without its scheme, bottom right. */
  address: string;
}

const MAX_TEXT = 300;
const MAX_FACTS = 6;

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, MAX_TEXT) : null;

/** The request body as a ShareImage, or null when it is not one (the image Worker answers 400). */
export function parseShareImage(body: unknown): ShareImage | null {
  if (typeof body !== "object" || body === null) return null;
  const input = body as Record<string, unknown>;
  const eyebrow = text(input.eyebrow);
  const title = text(input.title);
  const address = text(input.address);
  if (!eyebrow || !title || !address || !Array.isArray(input.facts)) return null;
  const facts = input.facts.map(text);
  if (facts.some((fact) => fact === null)) return null;
  return {
    eyebrow,
    title,
    offer: text(input.offer),
    highlight: text(input.highlight),
    facts: (facts as string[]).slice(0, MAX_FACTS),
    address,
  };
}
