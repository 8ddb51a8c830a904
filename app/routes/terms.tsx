import type { MetaFunction } from "@remix-run/cloudflare";
import { ProsePage } from "~/components/layout/prose-page";
import { SITE_FOOTER_HANDLE } from "~/components/layout/site-footer";

export const handle = SITE_FOOTER_HANDLE;

export default function Terms() {
  return (
    <ProsePage title="Terms of Service" updated="November 22, 2026">
      <p>
        Cardshare is a marketplace where card holders publish credit-card referral links and applicants apply through
        them. By creating an account you agree to these terms.
      </p>
      <h2>Referrals and bonus sharing</h2>
      <p>
        A referrer may promise to share part of a referral bonus with an applicant. That sharing happens outside
        Cardshare: the platform neither handles nor guarantees it. Card issuers decide every application and every
        bonus.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>Give accurate information and keep your password private.</li>
        <li>Publish only your own referral links, one active referral per card.</li>
        <li>Reviews must describe a real application made through the referral.</li>
      </ul>
      <h2>Tips</h2>
      <p>Tips support the platform. They are processed by Stripe and are not refundable once completed.</p>
      <h2>Ending your use</h2>
      <p>We may deactivate accounts that abuse the marketplace, its members or the card issuers&apos; programs.</p>
    </ProsePage>
  );
}

export const meta: MetaFunction = () => [{ title: "Terms of Service - Cardshare" }];
