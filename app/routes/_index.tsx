import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Benefits } from "~/components/landing/benefits";
import { CallToAction } from "~/components/landing/call-to-action";
import { FeaturedOffers } from "~/components/landing/featured-offers";
import { Hero } from "~/components/landing/hero";
import { HowItWorks, parseAudience } from "~/components/landing/how-it-works";
import { LandingFooter } from "~/components/landing/landing-footer";
import { Testimonials } from "~/components/landing/testimonials";
import { getOptionalUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getOptionalUser(request, context)) throw redirect("/refer");
  const { env } = getServices(context);
  const audience = parseAudience(new URL(request.url).search);
  return { supportEmail: env.SUPPORT_EMAIL, socialUrl: env.SOCIAL_URL ?? null, audience };
}

export default function Landing() {
  const { supportEmail, socialUrl, audience } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pendingAudience = navigation.location?.pathname === "/" ? parseAudience(navigation.location.search) : null;

  return (
    <>
      <Hero />
      <Benefits />
      <FeaturedOffers />
      <HowItWorks audience={pendingAudience ?? audience} />
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
