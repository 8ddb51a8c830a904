import { Link } from "@remix-run/react";
import { CreditCard, ExternalLink, Mail } from "lucide-react";

const linkClass = "text-muted transition-colors duration-150 hover:text-brand-700 hover:underline underline-offset-4";

/** Routes that show the site footer say so in their handle (root.tsx reads it): every public page. */
export const SITE_FOOTER_HANDLE = { siteFooter: true } as const;

type LinkList = { id: string; heading: string; links: { to: string; label: string }[] };

const MARKET_LINKS: LinkList = {
  id: "footer-market-heading",
  heading: "Marketplace",
  links: [
    { to: "/cards", label: "Browse cards" },
    { to: "/auth?tab=register", label: "Join Cardshare" },
  ],
};

const LEGAL_LINKS: LinkList = {
  id: "footer-legal-heading",
  heading: "Legal",
  links: [
    { to: "/terms", label: "Terms of Service" },
    { to: "/privacy", label: "Privacy Policy" },
  ],
};

/** One of the footer's link lists: a navigation landmark named by its heading. */
function FooterLinks({ id, heading, links }: LinkList) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-ink">
        {heading}
      </h2>
      <ul className="mt-4 space-y-3 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The site footer of every public page (docs/product.md#footer): the catalogue, support, social,
 * terms and privacy.
 */
export function SiteFooter({ supportEmail, socialUrl }: { supportEmail: string; socialUrl: string | null }) {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <div className="grid gap-10 sm:grid-cols-3 md:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="max-w-sm sm:col-span-3 md:col-span-1">
            <p className="flex items-center gap-2 font-semibold text-ink">
              <CreditCard aria-hidden className="size-5 text-brand-600" />
              Cardshare
            </p>
            <p className="mt-3 text-sm leading-6 text-muted">
              The marketplace for credit card referrals. Find a referral that shares the bonus, or share your own.
            </p>
          </div>
          <FooterLinks {...MARKET_LINKS} />
          <div>
            <h2 className="text-sm font-semibold text-ink">Contact</h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <a href={`mailto:${supportEmail}`} className={`inline-flex items-center gap-2 break-all ${linkClass}`}>
                  <Mail aria-hidden className="size-4 shrink-0" />
                  {supportEmail}
                </a>
              </li>
              {socialUrl ? (
                <li>
                  <a
                    href={socialUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`inline-flex items-center gap-2 ${linkClass}`}
                  >
                    <ExternalLink aria-hidden className="size-4 shrink-0" />
                    Follow us
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
          <FooterLinks {...LEGAL_LINKS} />
        </div>
        <div className="mt-10 flex flex-col gap-3 border-t border-line pt-6 text-sm text-muted sm:flex-row sm:justify-between">
          <p>&copy; 2026 Cardshare</p>
          <p className="max-w-xl sm:text-right">
            Cardshare is not a bank or card issuer. Bonus sharing happens between members and is not handled or
            guaranteed by Cardshare.
          </p>
        </div>
      </div>
    </footer>
  );
}
