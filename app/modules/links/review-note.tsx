/**
 * What the owner of a referral waiting for review reads on My Referrals (docs/decisions/155): the
 * state, why, and what they can do. Only the owner's presented referral carries `review`.
 */
import type { PresentedReferral } from "~/modules/referrals/present";
import { hostnameOf, LINK_REVIEW_LABELS } from "./rules";

export const WAITING_FOR_REVIEW = "Waiting for review";

/** The badge beside the card's name: 'Waiting for review' while held, 'Flagged' for an older link. */
export function reviewBadge(referral: Pick<PresentedReferral, "review">) {
  if (!referral.review) return null;
  return referral.review.held ? WAITING_FOR_REVIEW : "Flagged for review";
}

export function ReviewNote({
  referral,
}: {
  referral: Pick<PresentedReferral, "review" | "referralLink"> & {
    creditCard: Pick<PresentedReferral["creditCard"], "name" | "issuer">;
  };
}) {
  const { review } = referral;
  if (!review) return null;
  const issuer = referral.creditCard.issuer;
  let text: string;
  if (review.reason === "new-card") {
    text = `${WAITING_FOR_REVIEW}: ${referral.creditCard.name} is a card you added, so an admin checks it before it joins the catalogue (or moves your referral to the matching catalogue card). Until then only you can see this referral. Nothing to do.`;
  } else if (review.held && review.reason === "embedded-url") {
    text = `${WAITING_FOR_REVIEW}: the link carries another site's address, so it could send applicants there instead of ${issuer}; an admin checks it before it goes live. Nothing to do; or edit it to ${issuer}'s own referral link without the other address and it goes live at once.`;
  } else if (review.held) {
    const host = (referral.referralLink ? hostnameOf(referral.referralLink) : null) ?? "This link's site";
    text = `${WAITING_FOR_REVIEW}: ${host} is not one of ${issuer}'s known sites, so an admin checks the link before it goes live. Nothing to do; or edit it to use ${issuer}'s own referral link and it goes live at once.`;
  } else {
    text = `Flagged for review: ${LINK_REVIEW_LABELS[review.reason]}. It stays live while an admin looks; editing it to ${issuer}'s own referral link clears the flag.`;
  }
  return (
    <p role="status" className="rounded-card bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {text}
    </p>
  );
}
