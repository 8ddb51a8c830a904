import { data, redirect, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { SITE_FOOTER_HANDLE } from "~/components/layout/site-footer";
import { buttonClass } from "~/components/ui/button";
import { DomainError } from "~/core/errors";
import { pageLoader } from "~/http/page-loader.server";
import { ViewBeacon } from "~/modules/analytics/view-beacon";
import { formatBonus } from "~/modules/cards/display";
import { welcomeOfferLine } from "~/modules/cards/value";
import { formatRating } from "~/modules/comments/star-rating";
import { otherReferralsReviewsText, ReviewMark } from "~/modules/comments/review-mark";
import { CardOffer, JoinCall, publicMeta, withArticle } from "~/modules/public/card-offer";
import { ShareTerms } from "~/modules/shares/share-terms";
import { shareImagePath } from "~/modules/public/share-image";
import { getSharedReferral, type SharedReferral } from "~/modules/public/pages.server";
import { offeredBonus } from "~/modules/referrals/display";
import { getReferral } from "~/modules/referrals/referrals.server";
import { ReferrerReputation } from "~/modules/reputation/reputation";
import { REFERRAL_NOT_FOUND } from "~/utils/messages";

export const REFERRAL_GONE = "This referral is no longer available";

type Page = SharedReferral | { state: "missing" };

export const handle = SITE_FOOTER_HANDLE;

/**
 * A shared referral's public page (docs/product.md#shared-referrals): the card, the offer and the
 * referrer's public reputation, never the link; Sign up / Sign in come back here, and a member is
 * sent on to the referral itself. A referral that takes no more applicants is 410 with its card's
 * page, an unknown code 404.
 */
export const loader = pageLoader({
  access: "anyone",
  params: z.object({ code: z.string().max(100) }),
  async run({ ctx, user, params }) {
    const url = new URL(`/r/${encodeURIComponent(params.code.toLowerCase())}`, ctx.env.APP_ORIGIN).toString();
    try {
      if (user) {
        const referral = await getReferral(ctx, { code: params.code });
        throw redirect(`/apply/${referral._id}`);
      }
      const page: Page = await getSharedReferral(ctx, { code: params.code });
      return data({ page, url }, { status: page.state === "gone" ? 410 : 200 });
    } catch (error) {
      if (error instanceof DomainError && error.status === 404) {
        return data({ page: { state: "missing" } as Page, url }, { status: 404 });
      }
      throw error;
    }
  },
});

export default function SharedReferralPage() {
  const { page } = useLoaderData<typeof loader>();
  if (page.state === "missing") {
    return (
      <Gone title={REFERRAL_NOT_FOUND}>
        <Link to="/cards" className={buttonClass("primary", "md")}>
          Browse cards
        </Link>
      </Gone>
    );
  }
  if (page.state === "gone") {
    return (
      <Gone title={REFERRAL_GONE}>
        <p className="text-sm text-muted">
          Its referrer closed it or it has no referrals left. Other card holders may still refer you.
        </p>
        {page.cardSlug ? (
          <Link to={`/cards/${page.cardSlug}`} className={buttonClass("primary", "md")}>
            See {page.cardName} referrals
          </Link>
        ) : (
          <Link to="/cards" className={buttonClass("primary", "md")}>
            Browse cards
          </Link>
        )}
      </Gone>
    );
  }
  const { referral, cardSlug, reviews } = page;
  const card = referral.creditCard;
  const details: [string, ReactNode][] = [
    ["Referrer's bonus", formatBonus(offeredBonus(referral))],
    ["Shares with you", <ShareTerms key="share" referral={referral} />],
    ["Special bonus for applicants", referral.specialApplicantBonus?.bonus || "None"],
    ["Referrals left", referral.availableReferCount ?? "Unlimited"],
  ];
  return (
    <div className="relative mx-auto max-w-4xl space-y-6 px-4 py-8">
      {/* The view beacon: counted even when this page comes from the edge cache (ADR 173). */}
      <ViewBeacon src={`/r/${referral.code}/view`} />
      <section aria-label="The card" className="rounded-card border border-line bg-surface p-6">
        <CardOffer
          linkName
          title={card.name}
          card={{
            slug: cardSlug,
            name: card.name,
            issuer: card.issuer,
            category: card.category,
            annualFee: card.annualFee,
            referralBonusAmount: card.referralBonus.amount,
            referralBonusUnit: card.referralBonus.unit,
            welcomeOffer: welcomeOfferLine(card.welcomeOffer, card.applyBenefitWithReferral),
            imageUrl: card.imageUrl,
          }}
        />
      </section>
      <JoinCall
        returnTo={`/r/${referral.code}`}
        text="Create a free account (or sign in) to see the referral link and apply. You will come back to this referral."
      />
      <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
        <section aria-labelledby="offer-heading" className="rounded-card border border-line bg-surface p-6">
          <h2 id="offer-heading" className="text-lg font-semibold">
            {referral.referrer.name}&apos;s referral
          </h2>
          <dl className="mt-3 divide-y divide-line rounded-card border border-line">
            {details.map(([label, value]) => (
              <div key={label} className="grid gap-1 px-4 py-2 text-sm sm:grid-cols-2">
                <dt className="text-muted">{label}</dt>
                <dd className="tabular">{value}</dd>
              </div>
            ))}
          </dl>
          {referral.additionalInfo ? (
            <div className="mt-4">
              <h3 className="text-sm font-semibold">From the referrer</h3>
              <p className="mt-1 whitespace-pre-line text-sm">{referral.additionalInfo}</p>
            </div>
          ) : null}
        </section>
        <aside
          aria-labelledby="referrer-heading"
          className="h-fit space-y-2 rounded-card border border-line bg-surface p-6"
        >
          <h2 id="referrer-heading" className="text-sm font-semibold text-muted">
            Referrer
          </h2>
          <Link to={`/profile/${referral.referrer._id}`} className="block font-semibold text-brand-800 hover:underline">
            {referral.referrer.name}
          </Link>
          <ReferrerReputation referrer={referral.referrer} />
        </aside>
      </div>
      <section aria-labelledby="reviews-heading" className="rounded-card border border-line bg-surface p-6">
        <h2 id="reviews-heading" className="text-lg font-semibold">
          Latest reviews of {referral.referrer.name}
        </h2>
        {reviews.items.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No reviews yet.</p>
        ) : (
          <>
            {reviews.own ? null : (
              <p className="mt-2 text-sm text-muted">{otherReferralsReviewsText(referral.referrer.name)}</p>
            )}
            <ul className="mt-3 divide-y divide-line">
              {reviews.items.map((review) => (
                <li key={review.id} className="py-3 text-sm">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
                    {review.currentRating != null ? (
                      <span className="font-medium text-ink">{formatRating(review.currentRating)} of 5</span>
                    ) : null}
                    <time dateTime={review.createdAt}>
                      {new Date(review.createdAt).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" })}
                    </time>
                    <ReviewMark comment={review} />
                  </p>
                  <p className="mt-1 whitespace-pre-line">{review.comment}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

function Gone({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  const page = loaded?.page;
  if (!page || page.state === "missing") return [{ title: `${REFERRAL_NOT_FOUND} | Cardshare` }];
  if (page.state === "gone") return [{ title: `${REFERRAL_GONE} | Cardshare` }, { name: "robots", content: "noindex" }];
  const { referral } = page;
  const card = referral.creditCard;
  const share = referral.shareText ? ` who shares ${referral.shareText}` : "";
  const offer = welcomeOfferLine(card.welcomeOffer, card.applyBenefitWithReferral);
  return publicMeta({
    title: `${card.name} referral from ${referral.referrer.name} | Cardshare`,
    description: `Apply for ${withArticle(card.name)} with a referral from ${referral.referrer.name}${share}.${offer ? ` Welcome offer: ${offer}` : ""}`,
    url: loaded.url,
    image: {
      url: shareImagePath(loaded.url),
      alt: `${card.name}: ${referral.referrer.name}'s referral, its share and their confirmed outcomes`,
    },
  });
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
