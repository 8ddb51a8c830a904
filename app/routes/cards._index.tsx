import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageLoader } from "~/http/page-loader.server";
import { publicMeta } from "~/modules/public/card-offer";
import { listPublicCatalogue } from "~/modules/public/pages.server";

/** The catalogue by issuer, each card linking to its public page (docs/product.md#card-pages). */
export const loader = pageLoader({
  access: "anyone",
  async run({ ctx }) {
    return { issuers: await listPublicCatalogue(ctx), url: new URL("/cards", ctx.env.APP_ORIGIN).toString() };
  },
});

export default function CardsIndex() {
  const { issuers } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">Credit cards</h1>
      <p className="mt-1 text-sm text-muted">
        Every card on Cardshare, by issuer. Open a card to compare its referrals.
      </p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {issuers.map(({ issuer, cards }) => (
          <section key={issuer} aria-label={issuer} className="rounded-card border border-line bg-surface p-4">
            <h2 className="font-semibold">{issuer}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {cards.map((card) => (
                <li key={card.slug}>
                  <Link to={`/cards/${card.slug}`} className="text-brand-700 hover:underline">
                    {card.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  publicMeta({
    title: "Credit cards | Cardshare",
    description: "Every credit card on Cardshare by issuer, with referrals from card holders who share their bonus.",
    url: data?.url ?? "/cards",
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
