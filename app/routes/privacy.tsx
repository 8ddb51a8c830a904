import type { MetaFunction } from "@remix-run/cloudflare";
import { ProsePage } from "~/components/layout/prose-page";
import { SITE_FOOTER_HANDLE } from "~/components/layout/site-footer";

export const handle = SITE_FOOTER_HANDLE;

export default function Privacy() {
  return (
    <ProsePage title="Privacy Policy" updated="November 22, 2026">
      <p>This policy explains what Cardshare keeps about you and who can see it.</p>
      <h2>What we keep</h2>
      <ul>
        <li>Your account: username, name, email address and a salted hash of your password (never the password).</li>
        <li>What you publish: referrals, applications, reviews and chat messages.</li>
        <li>Sessions: a hash of your sign-in token, its expiry and your browser&apos;s name.</li>
        <li>
          Referral views and clicks, for the referrer&apos;s counts: for the current day only, who looked (your account,
          or if you are not signed in a one-way code made from the day, your address and your browser&apos;s name, from
          which neither can be read back). Earlier days keep only the totals.
        </li>
      </ul>
      <h2>Who sees it</h2>
      <p>
        Your privacy switches decide whether others see your full name, email address, referrals and applications. Your
        email address is hidden unless you choose to show it.
      </p>
      <h2>Payments</h2>
      <p>Tips are paid on Stripe&apos;s checkout page; Cardshare never sees your card number.</p>
      <h2>Cookies</h2>
      <p>One cookie keeps you signed in and one carries a short notice between pages. There are no tracking cookies.</p>
    </ProsePage>
  );
}

export const meta: MetaFunction = () => [{ title: "Privacy Policy - Cardshare" }];
