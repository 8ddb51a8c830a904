/**
 * The texts of a public page's share image (docs/decisions/201), worded by the domain the pages
 * use: the card and its welcome offer, the share as money (shareText, bestShareText), the
 * referrer's outcome figures and verified rating. The image Worker (og/) only lays them out.
 */
import type { ShareImage } from "../../../og/contract";
import { formatRating } from "~/modules/comments/star-rating";
import { welcomeOfferLine, type WelcomeOffer } from "~/modules/cards/value";
import { figureTexts, type OutcomeFigures } from "~/modules/reputation/figures";
import { VERIFIED_MESSAGES, verifiedBasisText } from "~/modules/reputation/verified";
import { bestShareText } from "~/modules/shares/terms";

export { SHARE_IMAGE_SIZE, type ShareImage } from "../../../og/contract";

/** Where a page's share image is served: /cards/{slug}/og.png, /r/{code}/og.png. */
export const shareImagePath = (pagePath: string) => `${pagePath}/og.png`;

/** 'cardshare.app/r/abc': the page's address as the image prints it. */
const addressOf = (url: string) => url.replace(/^https?:\/\//, "");

/** What a referral count says: '12 live referrals', 'No referrals yet'. */
export function liveReferralsText(count: number) {
  if (count === 0) return "No referrals yet";
  return `${count} live ${count === 1 ? "referral" : "referrals"}`;
}

/** A card page's image: the issuer, the card, its welcome offer, its best share and its referral count. */
export function cardShareImage(
  card: { name: string; issuer: string; welcomeOffer: string | null; liveReferrals: number; bestShareValue: number },
  url: string,
): ShareImage {
  const best = bestShareText(card.bestShareValue);
  return {
    eyebrow: card.issuer,
    title: card.name,
    offer: card.welcomeOffer,
    highlight: best ? `Referrers share ${best.toLowerCase()} of their bonus with you` : null,
    facts: [liveReferralsText(card.liveReferrals)],
    address: addressOf(url),
  };
}

/** A shared referral's image: who refers, the card, its welcome offer, the share as money, the referrer's figures. */
export function referralShareImage(
  referral: {
    shareText: string | null;
    shareTermsConfirmed: boolean;
    referrer: OutcomeFigures & { name: string; rating: number | null; verifiedReviewCount: number };
    creditCard: { name: string; issuer: string; welcomeOffer: WelcomeOffer | null; applyBenefitWithReferral: string };
  },
  url: string,
): ShareImage {
  const { referrer, creditCard: card } = referral;
  const figures = figureTexts(referrer);
  const rating =
    referrer.rating != null && referrer.verifiedReviewCount > 0
      ? `${formatRating(referrer.rating)} ${verifiedBasisText(referrer.verifiedReviewCount)}`
      : VERIFIED_MESSAGES.noVerified;
  const share = referral.shareText;
  return {
    eyebrow: `${referrer.name} refers you · ${card.issuer}`,
    title: card.name,
    offer: welcomeOfferLine(card.welcomeOffer, card.applyBenefitWithReferral),
    highlight: share ? `You get ${share}${referral.shareTermsConfirmed ? "" : " (estimated)"}` : null,
    facts: [...(figures.length > 0 ? figures : ["No confirmed outcomes yet"]), rating],
    address: addressOf(url),
  };
}
