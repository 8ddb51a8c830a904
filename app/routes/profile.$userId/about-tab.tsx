import { Link } from "@remix-run/react";
import { CalendarDays, EyeOff, Mail } from "lucide-react";
import { UserText } from "~/components/ui/user-text";
import type { ProfilePage } from "./route";

/** The About tab: bio, the email when shown, and the month the member joined. */
export function AboutTab({ profile }: Pick<ProfilePage, "profile">) {
  const joined = new Date(profile.createdAt).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <dl className="grid gap-4 rounded-card border border-line bg-surface p-6 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <dt className="text-sm font-medium text-muted">Bio</dt>
        <dd className="mt-1 whitespace-pre-line break-words">
          {profile.bio ? <UserText text={profile.bio} linkClassName="text-brand-700" /> : "No bio yet."}
        </dd>
      </div>
      {profile.email ? (
        <div>
          <dt className="flex items-center gap-1.5 text-sm font-medium text-muted">
            <Mail aria-hidden className="size-4" /> Email
          </dt>
          <dd className="mt-1 break-all">{profile.email}</dd>
          {profile.isOwner && !profile.privacySettings.showEmail ? (
            <dd className="mt-1 flex items-center gap-1 text-xs text-muted">
              <EyeOff aria-hidden className="size-3.5" />
              Only you can see this.{" "}
              <Link to="/dashboard/personal-info" className="text-brand-700 underline">
                Privacy settings
              </Link>
            </dd>
          ) : null}
        </div>
      ) : null}
      <div>
        <dt className="flex items-center gap-1.5 text-sm font-medium text-muted">
          <CalendarDays aria-hidden className="size-4" /> Member since
        </dt>
        <dd className="mt-1">{joined}</dd>
      </div>
    </dl>
  );
}
