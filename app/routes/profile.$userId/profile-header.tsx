import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { ConfirmPanel, ConfirmTrigger } from "~/components/ui/confirm-dialog";
import { blockCopyFor, PostButton } from "~/modules/blocks/block-ui";
import { StartChatForm } from "~/modules/chats/start-chat-form";
import { LazyReportForm } from "~/modules/reports/lazy-report-form";
import { OutcomeSummary, RatingSummary, ReferralCountBadge } from "~/modules/reputation/reputation";
import { initials } from "~/modules/users/display";
import type { ProfilePage } from "./route";

/** The member's avatar, name and reputation; the owner edits, another member starts a chat or reports. */
export function ProfileHeader({
  profile,
  reputation,
  signedIn,
  confirmBlock,
  openDealings,
}: Pick<ProfilePage, "profile" | "reputation" | "signedIn" | "confirmBlock" | "openDealings">) {
  const blockCopy = blockCopyFor(openDealings);
  const action = `/profile/${encodeURIComponent(profile._id)}`;
  const blockPost = { action, fields: { intent: "block", userId: profile._id } };
  return (
    <section aria-labelledby="profile-name" className="rounded-card border border-line bg-surface p-6">
      {/* Below 640 px the action takes its own row, so a long name never runs into it. */}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <div
            aria-hidden
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800"
          >
            {initials(profile.name, profile.username ?? "")}
          </div>
          <div className="min-w-0 flex-1">
            <h1 id="profile-name" className="text-2xl font-semibold tracking-tight break-words">
              {profile.name}
            </h1>
            {/* Hidden with a masked name: the handle would give the name away. */}
            {profile.username ? <p className="truncate text-sm text-muted">@{profile.username}</p> : null}
            <div className="mt-2">
              <OutcomeSummary figures={reputation.figures} />
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <RatingSummary
                referrerId={profile._id}
                rating={reputation.rating}
                verifiedReviewCount={reputation.verifiedReviewCount}
              />
              {reputation.referrals ? <ReferralCountBadge count={reputation.referrals.count} /> : null}
            </div>
          </div>
        </div>
        {profile.isOwner ? (
          <Link
            to="/dashboard/personal-info?edit=1"
            className={buttonClass("secondary", "md", "self-start sm:self-auto")}
          >
            Edit Profile
          </Link>
        ) : signedIn && !profile.blockedByYou ? (
          // Blocked by the viewer: no Chat (it would be refused); Unblock is below.
          <StartChatForm userId={profile._id} />
        ) : null}
      </div>
      {signedIn && !profile.isOwner ? (
        <div className="mt-3 flex flex-wrap items-start gap-2 border-t border-line pt-3">
          <div className="min-w-0 flex-1">
            <LazyReportForm targetType="user" targetId={profile._id} />
          </div>
          {profile.blockedByYou ? (
            <PostButton post={{ action, fields: { intent: "unblock", userId: profile._id } }}>Unblock</PostButton>
          ) : (
            <ConfirmTrigger label="Block" confirmHref={`${action}?confirm=block`} copy={blockCopy} post={blockPost} />
          )}
        </div>
      ) : null}
      {confirmBlock && !profile.isOwner && !profile.blockedByYou ? (
        <div className="mt-3">
          <ConfirmPanel copy={blockCopy} post={blockPost} cancelHref={action} />
        </div>
      ) : null}
    </section>
  );
}
