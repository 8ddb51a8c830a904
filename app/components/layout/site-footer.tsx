import { Link } from "@remix-run/react";
import { CreditCard, ExternalLink, Mail } from "lucide-react";

const linkClass = "text-muted transition-colors duration-150 hover:text-brand-700 hover:underline underline-offset-4";

/** Routes that show the site footer say so in their handle (root.tsx reads it): every public page. */
export const SITE_FOOTER_HANDLE = { siteFooter: true } as const;

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
          <nav aria-labelledby="footer-market-heading">
            <h2 id="footer-market-heading" className="text-sm font-semibold text-ink">
              Marketplace
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <Link to="/cards" className={linkClass}>
                  Browse cards
                </Link>
              </li>
              <li>
                <Link to="/auth?tab=register" className={linkClass}>
                  Join Cardshare
                </Link>
              </li>
            </ul>
          </nav>
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
          <nav aria-labelledby="footer-legal-heading">
            <h2 id="footer-legal-heading" className="text-sm font-semibold text-ink">
              Legal
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              <li>
                <Link to="/terms" className={linkClass}>
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link to="/privacy" className={linkClass}>
                  Privacy Policy
                </Link>
              </li>
            </ul>
          </nav>
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
