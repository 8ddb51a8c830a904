import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { pageLoader } from "~/http/page-loader.server";
import { CardOffer, JoinCall, publicMeta } from "~/modules/public/card-offer";
import { getCardPage } from "~/modules/public/pages.server";
import { ReferralComparison } from "~/modules/public/referral-comparison";
import { ReferralCard } from "~/modules/referrals/referral-card";
import { parseSlot } from "~/modules/referrals/rotation.server";

/**
 * One public page per listed card (docs/product.md#card-pages): its offer and every live referral
 * for it in the fair rotation, side by side. Visitors get it from the edge cache (ADR 062) and a
 * call to sign up; the referral links stay behind sign-in.
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
  const count = referrals.length;
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
        <h2 id="referrals-heading" className="text-xl font-semibold tracking-tight">
          {count === 0
            ? "No referrals for this card yet"
            : `${count}${nextCursor ? "+" : ""} ${count === 1 ? "referral" : "referrals"} for this card`}
        </h2>
        {count === 0 ? (
          <p className="text-sm text-muted">
            Have this card?{" "}
            <Link to="/refer" className="text-brand-700 underline">
              Share your referral
            </Link>{" "}
            and say how much of the bonus you share.
          </p>
        ) : (
          <>
            <ReferralComparison referrals={referrals} />
            <ul aria-label={`Referrals for ${card.name}`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {referrals.map((referral) => (
                <ReferralCard key={referral._id} referral={referral} />
              ))}
            </ul>
          </>
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
  const { card, referrals } = data;
  const offer = card.applyBenefitWithReferral ? ` ${card.applyBenefitWithReferral}` : "";
  return publicMeta({
    title: `${card.name} referrals | Cardshare`,
    description:
      `${card.name} by ${card.issuer}: ${referrals.length} ${referrals.length === 1 ? "referral" : "referrals"} from card holders who share their bonus.${offer}`.slice(
        0,
        300,
      ),
    url: data.url,
    image: card.imageUrl,
  });
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
