import { redirect, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Benefits } from "~/components/landing/benefits";
import { CallToAction } from "~/components/landing/call-to-action";
import { FeaturedOffers } from "~/components/landing/featured-offers";
import { Hero } from "~/components/landing/hero";
import { HowItWorks, parseAudience } from "~/components/landing/how-it-works";
import { Testimonials } from "~/components/landing/testimonials";
import { SITE_FOOTER_HANDLE } from "~/components/layout/site-footer";
import { pageLoader } from "~/http/page-loader.server";
import { isGoogleEnabled } from "~/modules/auth/google.server";
import { LiveMarket } from "~/modules/public/live-market";
import { marketFigures } from "~/modules/public/market.server";

export const handle = SITE_FOOTER_HANDLE;

/** Visitors see the landing page with the live market (figures at most an hour old); members go straight to /refer. */
export const loader = pageLoader({
  access: "anyone",
  query: z.object({ audience: z.string().optional() }),
  async run({ ctx, user, query }) {
    if (user) throw redirect("/refer");
    return {
      market: await marketFigures(ctx),
      audience: parseAudience(query.audience),
      googleEnabled: isGoogleEnabled(ctx),
    };
  },
});

export default function Landing() {
  const { market, audience, googleEnabled } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pendingAudience =
    navigation.location?.pathname === "/"
      ? parseAudience(new URLSearchParams(navigation.location.search).get("audience"))
      : null;

  return (
    <>
      <Hero />
      <LiveMarket market={market} />
      <Benefits />
      <FeaturedOffers />
      <HowItWorks audience={pendingAudience ?? audience} googleEnabled={googleEnabled} />
      <Testimonials />
      <CallToAction />
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: "Cardshare - Share credit card referrals, split the bonus" },
  {
    name: "description",
    content:
      "Cardshare is the credit card referral marketplace: apply through referrals from card holders who share their bonus, or publish your own referral link and build a trusted reputation.",
  },
];
