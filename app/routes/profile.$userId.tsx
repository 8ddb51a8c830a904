import type { MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useRouteError,
} from "@remix-run/react";
import { clsx } from "clsx";
import { CalendarDays, Lock, Mail } from "lucide-react";
import { useEffect } from "react";
import { toast } from "~/components/layout/toaster";
import { z } from "zod";
import { FormMessage } from "~/components/forms/field";
import { Button, buttonClass } from "~/components/ui/button";
import type { FormFailure } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { StartChatForm } from "~/modules/chats/start-chat-form";
import { listProfileApplications, type ApiApplication } from "~/modules/applications/applications.server";
import { StatusBadge } from "~/modules/applications/status-badge";
import { formatDate } from "~/core/format";
import { REFERRAL_STATUS_ACTION } from "~/modules/referrals/my-referrals";
import { listUserReferrals } from "~/modules/referrals/referrals.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/schemas";
import type { PresentedReferral } from "~/modules/referrals/present";
import { RatingSummary, ReferralCountBadge } from "~/modules/reputation/reputation";
import { getReputation } from "~/modules/reputation/reputation.server";
import { getPublicProfile } from "~/modules/users/profile.server";
import { PRIVATE_CONTENT, USER_NOT_FOUND } from "~/utils/messages";

const TABS = [
  { value: "about", label: "About" },
  { value: "referrals", label: "Referrals" },
  { value: "applications", label: "Applications" },
] as const;
type Tab = (typeof TABS)[number]["value"];

/** Unknown or deactivated users are the 404 'User Not Found' (getPublicProfile's DomainError). */
export const loader = pageLoader({
  access: "anyone",
  params: z.object({ userId: z.string() }),
  // An unknown tab is the About tab.
  query: z.object({ tab: z.enum(["about", "referrals", "applications"]).catch("about") }),
  async run({ ctx, user: viewer, params, query }) {
    const { tab } = query;
    const viewerId = viewer?.id ?? null;
    const profile = await getPublicProfile(ctx, params.userId, viewerId);
    const reputation = await getReputation(ctx.db, profile._id, { referralsVisible: profile.referralsVisible });
    // Each tab's list is read only when that tab is open and the owner lets the viewer see it.
    const referrals =
      tab === "referrals" && profile.referralsVisible
        ? (await listUserReferrals(ctx, viewerId, profile._id)).data
        : null;
    const applications =
      tab === "applications" && profile.applicationsVisible
        ? (await listProfileApplications(ctx.db, viewerId, profile._id)).data
        : null;
    return { profile, tab, reputation, referrals, applications, signedIn: viewer !== null };
  },
});

/** Initials for the avatar placeholder. */
function initials(name: string, username: string) {
  const letters = name.replace(/\*/g, "").trim() || username;
  return letters
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

export default function Profile() {
  const { profile, tab, reputation, referrals, applications, signedIn } = useLoaderData<typeof loader>();
  const joined = new Date(profile.createdAt).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <section aria-labelledby="profile-name" className="rounded-card border border-line bg-surface p-6">
        <div className="flex flex-wrap items-center gap-4">
          <div
            aria-hidden
            className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-800"
          >
            {initials(profile.name, profile.username)}
          </div>
          <div className="min-w-0 flex-1">
            <h1 id="profile-name" className="text-2xl font-semibold tracking-tight">
              {profile.name}
            </h1>
            <p className="text-sm text-muted">@{profile.username}</p>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <RatingSummary rating={reputation.rating} reviewCount={reputation.reviewCount} />
              {reputation.referrals ? <ReferralCountBadge count={reputation.referrals.count} /> : null}
            </div>
          </div>
          {profile.isOwner ? (
            <Link to="/dashboard/personal-info?edit=1" className={buttonClass("secondary")}>
              Edit Profile
            </Link>
          ) : signedIn ? (
            <StartChatForm userId={profile._id} />
          ) : null}
        </div>
      </section>

      <nav aria-label="Profile sections" className="mt-6 flex gap-1 border-b border-line">
        {TABS.map((entry) => (
          <Link
            key={entry.value}
            to={`?tab=${entry.value}`}
            replace
            preventScrollReset
            aria-current={tab === entry.value ? "page" : undefined}
            className={clsx(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              tab === entry.value ? "border-brand-600 text-brand-800" : "border-transparent text-muted hover:text-ink",
            )}
          >
            {entry.label}
          </Link>
        ))}
      </nav>

      <div className="mt-6">
        {tab === "about" ? (
          <dl className="grid gap-4 rounded-card border border-line bg-surface p-6 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium text-muted">Bio</dt>
              <dd className="mt-1 whitespace-pre-line">{profile.bio || "No bio yet."}</dd>
            </div>
            {profile.email ? (
              <div>
                <dt className="flex items-center gap-1.5 text-sm font-medium text-muted">
                  <Mail aria-hidden className="size-4" /> Email
                </dt>
                <dd className="mt-1 break-all">{profile.email}</dd>
              </div>
            ) : null}
            <div>
              <dt className="flex items-center gap-1.5 text-sm font-medium text-muted">
                <CalendarDays aria-hidden className="size-4" /> Member since
              </dt>
              <dd className="mt-1">{joined}</dd>
            </div>
          </dl>
        ) : (
          <TabContent
            visible={tab === "referrals" ? profile.referralsVisible : profile.applicationsVisible}
            tab={tab}
            isOwner={profile.isOwner}
            referrals={referrals}
            applications={applications}
          />
        )}
      </div>
    </div>
  );
}

function TabContent({
  visible,
  tab,
  isOwner,
  referrals,
  applications,
}: {
  visible: boolean;
  tab: Exclude<Tab, "about">;
  isOwner: boolean;
  referrals: PresentedReferral[] | null;
  applications: ApiApplication[] | null;
}) {
  if (!visible) {
    return (
      <div className="flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
        <Lock aria-hidden className="size-6 text-muted" />
        <p className="mt-3 font-medium">{PRIVATE_CONTENT}</p>
        <p className="mt-1 text-sm text-muted">This member keeps their {tab} private.</p>
      </div>
    );
  }
  const empty = tab === "referrals" ? !referrals?.length : !applications?.length;
  if (empty) {
    return (
      <div className="rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
        <p className="text-muted">
          {tab === "referrals" ? "No credit card referrals found." : "No credit card applications found."}
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {tab === "referrals"
        ? referrals?.map((referral) => (
            <li key={referral._id}>
              <ReferralItem referral={referral} isOwner={isOwner} />
            </li>
          ))
        : applications?.map((application) => (
            <li key={application._id}>
              <ApplicationItem application={application} />
            </li>
          ))}
    </ul>
  );
}

function ReferralItem({ referral, isOwner }: { referral: PresentedReferral; isOwner: boolean }) {
  return (
    <article className="h-full rounded-card border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold">
            {referral.isActive ? (
              <Link to={`/apply/${referral._id}`} className="hover:underline">
                {referral.creditCard.name}
              </Link>
            ) : (
              referral.creditCard.name
            )}
          </h2>
          <p className="text-sm text-muted">{referral.creditCard.issuer}</p>
        </div>
        <span
          className={clsx(
            "rounded-full px-2.5 py-0.5 text-xs font-medium ring-1",
            referral.isActive ? "bg-success-50 text-success-700 ring-success-700/20" : "bg-canvas text-muted ring-line",
          )}
        >
          {referral.isActive ? "Active" : "Inactive"}
        </span>
      </div>
      <dl className="tabular mt-3 flex gap-6 text-sm">
        <div>
          <dt className="text-muted">Applications</dt>
          <dd className="font-medium">{referral.applicationsCount}</dd>
        </div>
        <div>
          <dt className="text-muted">Successful</dt>
          <dd className="font-medium">{referral.successfulCount}</dd>
        </div>
        <div>
          <dt className="text-muted">Created</dt>
          <dd>
            <time dateTime={referral.createdAt}>{formatDate(referral.createdAt)}</time>
          </dd>
        </div>
      </dl>
      {isOwner && referral.moderated ? (
        <p className="mt-3 text-sm text-muted">{REFERRAL_MESSAGES.moderatedNote}</p>
      ) : null}
      {isOwner && !referral.isActive && !referral.moderated ? <ReopenForm referral={referral} /> : null}
    </article>
  );
}

/**
 * Reopen posts to My Referrals' status action (one declaration of it); success comes back here with
 * the toast, a refusal shows beside the card.
 */
function ReopenForm({ referral }: { referral: PresentedReferral }) {
  const location = useLocation();
  const fetcher = useFetcher<Pick<FormFailure, "ok" | "message">>();
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  useEffect(() => {
    if (refusal) toast.error(refusal);
  }, [fetcher.data, refusal]);
  return (
    <fetcher.Form method="post" action={REFERRAL_STATUS_ACTION} className="mt-3 space-y-2">
      <input type="hidden" name="intent" value="reopen" />
      <input type="hidden" name="id" value={referral._id} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={fetcher.state !== "idle"}
        aria-label={`Reopen ${referral.creditCard.name}`}
      >
        Reopen
      </Button>
      {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
    </fetcher.Form>
  );
}

function ApplicationItem({ application }: { application: ApiApplication }) {
  return (
    <article className="h-full rounded-card border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold">{application.creditCard.name}</h2>
          <p className="text-sm text-muted">
            Referred by{" "}
            <Link to={`/profile/${application.referrer._id}`} className="text-brand-700 hover:underline">
              {application.referrer.name}
            </Link>
          </p>
        </div>
        <StatusBadge status={application.status} />
      </div>
      <p className="mt-3 text-sm text-muted">
        Applied on <time dateTime={application.createdAt}>{formatDate(application.createdAt)}</time>
      </p>
    </article>
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
