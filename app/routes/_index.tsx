import { redirect, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Benefits } from "~/components/landing/benefits";
import { CallToAction } from "~/components/landing/call-to-action";
import { FeaturedOffers } from "~/components/landing/featured-offers";
import { Hero } from "~/components/landing/hero";
import { HowItWorks, parseAudience } from "~/components/landing/how-it-works";
import { LandingFooter } from "~/components/landing/landing-footer";
import { Testimonials } from "~/components/landing/testimonials";
import { pageLoader } from "~/http/page-loader.server";
import { isGoogleEnabled } from "~/modules/auth/google.server";

/** Visitors see the landing page; members go straight to /refer. */
export const loader = pageLoader({
  access: "anyone",
  query: z.object({ audience: z.string().optional() }),
  async run({ ctx, user, query }) {
    if (user) throw redirect("/refer");
    return {
      supportEmail: ctx.env.SUPPORT_EMAIL,
      socialUrl: ctx.env.SOCIAL_URL ?? null,
      audience: parseAudience(query.audience),
      googleEnabled: isGoogleEnabled(ctx),
    };
  },
});

export default function Landing() {
  const { supportEmail, socialUrl, audience, googleEnabled } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pendingAudience =
    navigation.location?.pathname === "/"
      ? parseAudience(new URLSearchParams(navigation.location.search).get("audience"))
      : null;

  return (
    <>
      <Hero />
      <Benefits />
      <FeaturedOffers />
      <HowItWorks audience={pendingAudience ?? audience} googleEnabled={googleEnabled} />
      <Testimonials />
      <CallToAction />
      <LandingFooter supportEmail={supportEmail} socialUrl={socialUrl} />
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
