import type { MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useNavigate, useRouteError } from "@remix-run/react";
import { clsx } from "clsx";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { blockUser, unblockUser } from "~/modules/blocks/blocks.server";
import { BlockFormSchema } from "~/modules/blocks/schemas";
import { openDealingsBetween } from "~/modules/applications/dealings.server";
import { listProfileApplications } from "~/modules/applications/applications.server";
import { listUserReferrals } from "~/modules/referrals/user-referrals.server";
import { getReputation } from "~/modules/reputation/reputation.server";
import { getPublicProfile } from "~/modules/users/profile.server";
import { USER_NOT_FOUND } from "~/utils/messages";
import { listReviewsReceived, REVIEWS_PAGE_SIZE } from "~/modules/comments/comments.server";
import { AboutTab } from "./about-tab";
import { ReviewsTab } from "./reviews-tab";
import { ProfileHeader } from "./profile-header";
import { TabContent } from "./tab-content";

const TABS = [
  { value: "about", label: "About" },
  { value: "referrals", label: "Referrals" },
  { value: "applications", label: "Applications" },
  { value: "reviews", label: "Reviews" },
] as const;

/** Unknown or deactivated users are the 404 'User Not Found' (getPublicProfile's DomainError). */
export const loader = pageLoader({
  access: "anyone",
  params: z.object({ userId: z.string() }),
  // An unknown tab is the About tab.
  query: z.object({
    tab: z.enum(["about", "referrals", "applications", "reviews"]).catch("about"),
    // The Reviews tab's keyset: reviews older than this time (a bad value is the first page).
    before: z.iso.datetime().optional().catch(undefined),
    // The block question shown in the page (no JavaScript).
    confirm: z.literal("block").optional().catch(undefined),
  }),
  async run({ ctx, user: viewer, params, query }) {
    const { tab } = query;
    const profile = await getPublicProfile(ctx, { userId: params.userId });
    const [reputation, openDealings] = await Promise.all([
      getReputation(ctx.db, profile._id, { referralsVisible: profile.referralsVisible }),
      // Applications or disputes open with the viewer: the Block question warns first (ADR 175).
      viewer && viewer.id !== profile._id ? openDealingsBetween(ctx.db, viewer.id, profile._id) : 0,
    ]);
    // Each tab's list is read only when that tab is open and the owner lets the viewer see it.
    const referrals =
      tab === "referrals" && profile.referralsVisible
        ? (await listUserReferrals(ctx, { userId: profile._id })).data
        : null;
    const applications =
      tab === "applications" && profile.applicationsVisible
        ? (await listProfileApplications(ctx, { userId: profile._id })).data
        : null;
    const reviews =
      tab === "reviews" && profile.referralsVisible
        ? await listReviewsReceived(ctx, {
            userId: profile._id,
            before: query.before ? new Date(query.before) : undefined,
          })
        : null;
    const shown = reviews?.filter((comment) => comment.commentType === "applicantToReferrer") ?? [];
    const olderThan = shown.length >= REVIEWS_PAGE_SIZE ? shown[shown.length - 1].createdAt : null;
    return {
      profile,
      tab,
      reputation,
      referrals,
      applications,
      reviews,
      olderThan,
      signedIn: viewer !== null,
      viewerId: viewer?.id ?? null,
      confirmBlock: query.confirm === "block" && viewer !== null,
      openDealings,
    };
  },
});

/** Block and Unblock from the profile (docs/product.md#blocking): back to the profile with the outcome. */
const blockForm = intent.member({
  schema: BlockFormSchema,
  async run({ ctx, value }) {
    const answer = value.intent === "block" ? await blockUser(ctx, value) : await unblockUser(ctx, value);
    return redirectTo(`/profile/${encodeURIComponent(value.userId)}`, { toast: answer.message });
  },
});

export const action = formAction({ access: "member", intents: { block: blockForm, unblock: blockForm } });

/** What the page's loader gives its sections. */
export type ProfilePage = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Profile() {
  const data = useLoaderData<typeof loader>();
  const { profile, tab, reputation, referrals, applications, reviews, olderThan, signedIn, viewerId, confirmBlock } =
    data;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <ProfileHeader
        profile={profile}
        reputation={reputation}
        signedIn={signedIn}
        confirmBlock={confirmBlock}
        openDealings={data.openDealings}
      />

      <nav aria-label="Profile sections" className="mt-6 flex gap-1 overflow-x-auto border-b border-line">
        {TABS.map((entry) => (
          <Link
            key={entry.value}
            to={`?tab=${entry.value}`}
            replace
            preventScrollReset
            aria-current={tab === entry.value ? "page" : undefined}
            className={clsx(
              "-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap sm:px-4",
              tab === entry.value ? "border-brand-600 text-brand-800" : "border-transparent text-muted hover:text-ink",
            )}
          >
            {entry.label}
          </Link>
        ))}
      </nav>

      <div className="mt-6">
        {tab === "about" ? (
          <AboutTab profile={profile} />
        ) : tab === "reviews" ? (
          <ReviewsTab reviews={reviews} olderThan={olderThan} viewerId={viewerId} name={profile.name} />
        ) : (
          <TabContent
            visible={tab === "referrals" ? profile.referralsVisible : profile.applicationsVisible}
            tab={tab}
            signedIn={signedIn}
            isOwner={profile.isOwner}
            referrals={referrals}
            applications={applications}
          />
        )}
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.profile.name} - Cardshare` : "Profile - Cardshare" },
];

export function ErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section aria-labelledby="profile-error" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 id="profile-error" className="text-2xl font-semibold">
        {notFound ? USER_NOT_FOUND : "Error Loading Profile"}
      </h1>
      <p className="mt-3 text-muted">
        {notFound ? "This profile does not exist or is no longer available." : "Please try again in a moment."}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={buttonClass("secondary")} onClick={() => navigate(-1)}>
          Go Back
        </button>
        <Link to="/" className={buttonClass("primary")}>
          Home
        </Link>
      </div>
    </section>
  );
}
