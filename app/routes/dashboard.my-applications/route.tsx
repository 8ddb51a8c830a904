import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import {
  listMyApplications,
  myApplicationsReferralIds,
  updateApplicationStatus,
} from "~/modules/applications/applications.server";
import { APPLICATION_MESSAGES, parseStatusFilter, StatusUpdateSchema } from "~/modules/applications/status";
import { listOwnThreads } from "~/modules/comments/comments.server";
import { decodeCreatedCursor } from "~/utils/keyset.server";
import { ApplicationCard } from "./application-card";
import { FilterButtons } from "./status-filter";
import { signedInMeta } from "~/utils/signed-in-meta";

const EMPTY_TEXT = "No credit card applications found with the selected filters.";

export const loader = pageLoader({
  access: "member",
  query: z.object({
    status: z.string().optional().transform(parseStatusFilter),
    cursor: z.string().optional(),
  }),
  async run({ ctx, user, query }) {
    const filter = query.status;
    const options = { filter, cursor: decodeCreatedCursor(query.cursor) };
    // The applicant sees only their own comments and the replies to them (docs/product.md#reviews),
    // read beside the page (one round trip).
    const [{ data, nextCursor }, comments] = await Promise.all([
      listMyApplications(ctx, options),
      listOwnThreads(ctx, { referralIds: myApplicationsReferralIds(ctx, options) }),
    ]);
    return {
      viewerId: user.id,
      filter,
      nextCursor,
      applications: data.map((application) => ({
        ...application,
        comments: comments.filter((comment) => comment.referralId === application.referral._id),
      })),
    };
  },
});

/** The status menu's choice for one application (`id`, so a refusal shows beside its card). */
const StatusChoiceSchema = StatusUpdateSchema.extend({
  id: z.string({ error: APPLICATION_MESSAGES.notFound }).min(1, APPLICATION_MESSAGES.notFound),
});

/** The status menu: a plain form post, so it works without JavaScript; back to the same filter and page. */
export const action = formAction({
  access: "member",
  intents: {
    default: intent.member({
      schema: StatusChoiceSchema,
      unexpectedMessage: APPLICATION_MESSAGES.statusFailed,
      async run({ ctx, value, request }) {
        const { message, changed } = await updateApplicationStatus(ctx, {
          applicationId: value.id,
          status: value.status,
        });
        const url = new URL(request.url);
        return redirectTo(`${url.pathname}${url.search}`, {
          toast: { type: changed ? "success" : "info", description: message },
        });
      },
    }),
  },
});

export default function MyApplications() {
  const { applications, filter, nextCursor, viewerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">My Credit Card Applications</h1>
      <div role="tablist" aria-label="Application types" className="flex gap-1 border-b border-line">
        <span
          role="tab"
          id="credit-cards-tab"
          aria-selected="true"
          aria-controls="credit-cards-panel"
          tabIndex={0}
          className="-mb-px border-b-2 border-brand-600 px-4 py-2 text-sm font-medium text-brand-800"
        >
          Credit Cards
        </span>
      </div>
      <div id="credit-cards-panel" role="tabpanel" aria-labelledby="credit-cards-tab" className="space-y-4">
        <FilterButtons current={filter} />
        {applications.length === 0 ? (
          <div className="rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
            <p className="text-muted">{EMPTY_TEXT}</p>
            <Link to="/apply" className={buttonClass("primary", "md", "mt-4")}>
              Find referrals
            </Link>
          </div>
        ) : (
          <ul className="space-y-4">
            {applications.map((application) => (
              <li key={application._id}>
                <ApplicationCard
                  application={application}
                  viewerId={viewerId}
                  refusal={
                    actionData && !actionData.ok && actionData.id === application._id ? actionData.message : null
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {nextCursor ? (
          <Link
            to={`?${new URLSearchParams({ ...(filter === "all" ? {} : { status: filter }), cursor: nextCursor })}`}
            className={buttonClass("secondary")}
          >
            Older applications
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "My Applications - Cardshare",
    "The cards you applied for through referrals, their status and your reviews.",
  );

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
