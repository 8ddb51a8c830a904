import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { SITE_FOOTER_HANDLE } from "~/components/layout/site-footer";
import { buttonClass } from "~/components/ui/button";
import { pageLoader } from "~/http/page-loader.server";
import { CardOffer, JoinCall, publicMeta, withArticle } from "~/modules/public/card-offer";
import { CardReferralList } from "~/modules/public/card-referrals";
import { getCardPage } from "~/modules/public/pages.server";
import { cardJsonLd } from "~/modules/public/structured-data";
import { bestShareText } from "~/modules/shares/terms";
import { shareImagePath } from "~/modules/public/share-image";
import { parseSlot } from "~/modules/referrals/rotation.server";

export const handle = SITE_FOOTER_HANDLE;

/**
 * One public page per listed card (docs/product.md#card-pages): its offer and every live referral
 * for it in the fair rotation, one list. Visitors get it from the edge cache (ADR 062) and a call to
 * sign up; a referral's Details open its public page (/r/{code}); the links stay behind sign-in.
 */
export const loader = pageLoader({
  access: "anyone",
  params: z.object({ slug: z.string().max(200) }),
  query: z.object({ after: z.string().optional(), r: z.string().optional() }),
  async run({ ctx, user, params, query }) {
    const page = await getCardPage(ctx, { slug: params.slug, cursor: query.after, slot: parseSlot(query.r) });
    return {
      ...page,
      signedIn: user !== null,
      url: new URL(`/cards/${page.card.slug}`, ctx.env.APP_ORIGIN).toString(),
    };
  },
});

export default function CardPage() {
  const { card, referrals, nextCursor, slot, signedIn } = useLoaderData<typeof loader>();
  // The count is the card's (the same figure as the catalogue's), not this page's.
  const count = card.liveReferrals;
  const best = bestShareText(card.bestShareValue);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <Link to="/cards" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        All cards
      </Link>
      <section aria-label="The card" className="rounded-card border border-line bg-surface p-6">
        <CardOffer card={card} />
      </section>
      {signedIn ? null : (
        <JoinCall
          returnTo={`/cards/${card.slug}`}
          text="Create a free account to see each referral's link and apply through the referrer who shares the most."
        />
      )}
      <section aria-labelledby="referrals-heading" className="space-y-4">
        <div>
          <h2 id="referrals-heading" className="text-xl font-semibold tracking-tight">
            {count === 0
              ? "No referrals for this card yet"
              : `${count} ${count === 1 ? "referral" : "referrals"} for this card`}
          </h2>
          {best ? <p className="text-sm text-muted">Best share: {best}</p> : null}
        </div>
        {referrals.length === 0 ? (
          <p className="text-sm text-muted">
            Have this card?{" "}
            <Link to="/refer" className="text-brand-700 underline">
              Share your referral
            </Link>{" "}
            and say how much of the bonus you share.
          </p>
        ) : (
          <CardReferralList cardName={card.name} referrals={referrals} signedIn={signedIn} />
        )}
        {nextCursor ? (
          <Link
            to={`?${new URLSearchParams({ after: nextCursor, r: String(slot) })}`}
            className={buttonClass("secondary", "sm")}
          >
            More referrals
          </Link>
        ) : null}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Card not found | Cardshare" }];
  const { card } = data;
  const count = card.liveReferrals;
  const referralsText = count === 0 ? "No referrals yet" : `${count} ${count === 1 ? "referral" : "referrals"}`;
  const best = bestShareText(card.bestShareValue);
  return publicMeta({
    title: `${card.name} referrals | Cardshare`,
    description: `Apply for ${withArticle(card.name)} by ${card.issuer} with a referral. ${referralsText} from card holders${best ? `, best share ${best.toLowerCase()}` : ""}. ${card.welcomeOffer ? `Welcome offer: ${card.welcomeOffer}` : ""}`,
    url: data.url,
    image: { url: shareImagePath(data.url), alt: `${card.name}: its welcome offer, best share and live referrals` },
    jsonLd: cardJsonLd(card, data.url),
  });
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
