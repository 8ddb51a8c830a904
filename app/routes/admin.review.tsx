import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { PageCursor } from "~/modules/admin/queries";
import { approveCard, listCardReviewQueue, listMergeTargets, mergeCard } from "~/modules/cards/review.server";
import { CardReviewItem, LinkReviewItem, QueueEmpty } from "~/modules/links/review-ui";
import { approveLink, listLinkReviewQueue, rejectLink } from "~/modules/links/review.server";
import { ApproveCardSchema, ApproveLinkSchema, MergeCardSchema, RejectLinkSchema } from "~/modules/links/schemas";
import { signedInMeta } from "~/utils/signed-in-meta";

const PATH = "/admin/review";

/** Links and member-added cards waiting for an admin (docs/decisions/155-link-domains-and-review.md). */
export const loader = pageLoader({
  access: "admin",
  query: z.object({ cursor: PageCursor }),
  run: async ({ ctx, query: { cursor } }) => {
    const [links, cards, targets] = await Promise.all([
      listLinkReviewQueue(ctx, { cursor }),
      listCardReviewQueue(ctx),
      listMergeTargets(ctx),
    ]);
    return { ...links, cards, targets, isFirstPage: !cursor };
  },
});

export const action = formAction({
  access: "admin",
  intents: {
    "approve-link": intent.admin({
      schema: ApproveLinkSchema,
      run: async ({ ctx, value }) => redirectTo(PATH, { toast: (await approveLink(ctx, value)).message }),
    }),
    "reject-link": intent.admin({
      schema: RejectLinkSchema,
      run: async ({ ctx, value }) => redirectTo(PATH, { toast: (await rejectLink(ctx, value)).message }),
    }),
    "approve-card": intent.admin({
      schema: ApproveCardSchema,
      run: async ({ ctx, value }) => redirectTo(PATH, { toast: (await approveCard(ctx, value)).message }),
    }),
    "merge-card": intent.admin({
      schema: MergeCardSchema,
      run: async ({ ctx, value }) => redirectTo(PATH, { toast: (await mergeCard(ctx, value)).message }),
    }),
  },
});

export default function AdminReview() {
  const { links, nextCursor, cards, targets, isFirstPage } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <section aria-labelledby="links-title">
        <h1 id="links-title" className="text-2xl font-semibold tracking-tight">
          Review
        </h1>
        <p className="mt-1 text-sm text-muted">
          Referral links on a site their card&apos;s issuer does not list wait here, off the market, until you approve
          them; links published before the rules are flagged here and stay as they are. Approving can list the site for
          the issuer, so its next links go live at once.
        </p>
        <h2 className="mt-6 text-lg font-semibold">Links waiting for review</h2>
        {links.length === 0 ? (
          <QueueEmpty text={isFirstPage ? "No links wait for review." : "No more links wait for review."} />
        ) : (
          <ul className="mt-3 space-y-4">
            {links.map((link) => (
              <LinkReviewItem key={link.id} link={link} />
            ))}
          </ul>
        )}
        {nextCursor ? (
          <div className="mt-4 flex justify-end">
            <Link to={`${PATH}?cursor=${encodeURIComponent(nextCursor)}`} className={buttonClass("secondary", "sm")}>
              Older links
            </Link>
          </div>
        ) : null}
      </section>
      {isFirstPage ? (
        <section aria-labelledby="cards-title">
          <h2 id="cards-title" className="text-lg font-semibold">
            Cards added by members
          </h2>
          <p className="mt-1 text-sm text-muted">
            A member&apos;s card and its referrals are seen by no one else until you approve it into the catalogue or
            merge it into a catalogue card (its referrals move there).
          </p>
          {cards.length === 0 ? (
            <QueueEmpty text="No cards wait for review." />
          ) : (
            <ul className="mt-3 space-y-4">
              {cards.map((card) => (
                <CardReviewItem key={card.id} card={card} targets={targets} />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta("Review - Admin - Cardshare", "Referral links waiting for an admin's review before they go live.");
