import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useNavigate, useRouteError } from "@remix-run/react";
import { clsx } from "clsx";
import { CalendarDays, Lock, Mail } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { StartChatForm } from "~/modules/chats/start-chat-form";
import { getPublicProfile } from "~/modules/users/profile.server";
import { DomainError } from "~/utils/api.server";
import { getOptionalUser } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

const TABS = [
  { value: "about", label: "About" },
  { value: "referrals", label: "Referrals" },
  { value: "applications", label: "Applications" },
] as const;
type Tab = (typeof TABS)[number]["value"];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(request, context);
  const tabParam = new URL(request.url).searchParams.get("tab");
  const tab: Tab = TABS.some((entry) => entry.value === tabParam) ? (tabParam as Tab) : "about";
  try {
    const profile = await getPublicProfile(getServices(context), params.userId ?? "", viewer?.id ?? null);
    return { profile, tab, signedIn: viewer !== null };
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw new Response("User Not Found", { status: 404 });
    throw error;
  }
}

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
  const { profile, tab, signedIn } = useLoaderData<typeof loader>();
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
          />
        )}
      </div>
    </div>
  );
}

function TabContent({ visible, tab }: { visible: boolean; tab: Exclude<Tab, "about"> }) {
  if (!visible) {
    return (
      <div className="flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
        <Lock aria-hidden className="size-6 text-muted" />
        <p className="mt-3 font-medium">Private Content</p>
        <p className="mt-1 text-sm text-muted">This member keeps their {tab} private.</p>
      </div>
    );
  }
  return (
    <div className="rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
      <p className="text-muted">
        {tab === "referrals" ? "No credit card referrals found." : "No credit card applications found."}
      </p>
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
        {notFound ? "User Not Found" : "Error Loading Profile"}
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
