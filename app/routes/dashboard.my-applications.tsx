import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { clsx } from "clsx";
import { Check, ChevronDown, MessageSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { toast } from "~/components/layout/toaster";
import { z } from "zod";
import { FormMessage } from "~/components/forms/field";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { buttonClass } from "~/components/ui/button";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { listMyApplications, updateApplicationStatus } from "~/modules/applications/applications.server";
import type { ApiApplication } from "~/modules/applications/present";
import {
  APPLICANT_STATUS_OPTIONS,
  APPLICATION_MESSAGES,
  STATUS_FILTERS,
  StatusUpdateSchema,
  TIP_STATUSES,
  parseStatusFilter,
  type StatusFilter,
} from "~/modules/applications/status";
import { StatusBadge } from "~/modules/applications/status-badge";
import { CommentThread } from "~/modules/comments/comment-thread";
import { formatDate } from "~/core/format";
import { listOwnThreads } from "~/modules/comments/comments.server";
import { ReviewForm } from "~/modules/comments/forms";
import type { ApiComment } from "~/modules/comments/thread";
import { TipOptions } from "~/modules/payments/tip-options";
import { decodeCreatedCursor } from "~/utils/keyset.server";

const EMPTY_TEXT = "No credit card applications found with the selected filters.";

export const loader = pageLoader({
  access: "member",
  query: z.object({
    status: z.string().optional().transform(parseStatusFilter),
    cursor: z.string().optional(),
  }),
  async run({ ctx, user, query }) {
    const filter = query.status;
    const { data, nextCursor } = await listMyApplications(ctx.db, user, {
      filter,
      cursor: decodeCreatedCursor(query.cursor),
    });
    // The applicant sees only their own comments and the replies to them (docs/product.md#reviews).
    const comments = await listOwnThreads(ctx, { referralIds: data.map((application) => application.referral._id) });
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
      async run({ ctx, user, value, request }) {
        const { message, changed } = await updateApplicationStatus(ctx.db, user, value.id, value.status);
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
  useEffect(() => {
    if (actionData && !actionData.ok) toast.error(actionData.message);
  }, [actionData]);
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

function FilterButtons({ current }: { current: StatusFilter }) {
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
      {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((key) => (
        <Link
          key={key}
          to={key === "all" ? "." : `?status=${key}`}
          preventScrollReset
          aria-current={current === key ? "true" : undefined}
          className={buttonClass(current === key ? "primary" : "secondary", "sm")}
        >
          {STATUS_FILTERS[key].label}
        </Link>
      ))}
    </nav>
  );
}

function ApplicationCard({
  application,
  viewerId,
  refusal,
}: {
  application: ApiApplication & { comments: ApiComment[] };
  viewerId: string;
  /** Why the last status change of this application was refused. */
  refusal: string | null;
}) {
  const headingId = `application-${application._id}`;
  const applied = formatDate(application.createdAt);
  const updated = formatDate(application.updatedAt);
  const hasReview = application.comments.some(
    (comment) => comment.commentType === "applicantToReferrer" && comment.userId === viewerId,
  );
  return (
    <article aria-labelledby={headingId} className="rounded-card border border-line bg-surface p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold">
            {application.creditCard.name}
          </h2>
          <p className="text-sm text-muted">{application.creditCard.issuer}</p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge status={application.status} />
          <StatusMenu
            applicationId={application._id}
            status={application.status}
            cardName={application.creditCard.name}
          />
        </div>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Referrer</dt>
          <dd>
            <Link to={`/profile/${application.referrer._id}`} className="font-medium text-brand-700 hover:underline">
              {application.referrer.name}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Applied on</dt>
          <dd>
            <time dateTime={application.createdAt}>{applied}</time>
          </dd>
        </div>
        {updated !== applied ? (
          <div>
            <dt className="text-muted">Updated on</dt>
            <dd>
              <time dateTime={application.updatedAt}>{updated}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {refusal ? (
        <div className="mt-3">
          <FormMessage tone="error">{refusal}</FormMessage>
        </div>
      ) : null}
      {application.additionalInfo ? (
        <p className="mt-3 whitespace-pre-line text-sm text-ink">{application.additionalInfo}</p>
      ) : null}
      {TIP_STATUSES.includes(application.status) ? (
        <div className="mt-4">
          <TipOptions referralId={application.referral._id} />
        </div>
      ) : null}
      <details className="mt-4 rounded-card border border-line">
        <summary className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm font-medium">
          <MessageSquare aria-hidden className="size-4" /> Comments ({application.comments.length})
        </summary>
        <div className="space-y-4 border-t border-line p-3">
          <CommentThread
            comments={application.comments}
            viewerId={viewerId}
            label={`Comments on ${application.creditCard.name}`}
            emptyText="You have not reviewed this referrer yet."
          />
          {hasReview ? null : <ReviewForm referralId={application.referral._id} />}
        </div>
      </details>
    </article>
  );
}

/**
 * The applicant's status menu: a disclosure of submit buttons (no JavaScript needed). Choosing the
 * current status just closes it (with JavaScript; without, the server changes nothing).
 */
function StatusMenu({ applicationId, status, cardName }: { applicationId: string; status: string; cardName: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("id") === applicationId;
  return (
    <details ref={menu} className="relative">
      <summary
        aria-label={`Change status of ${cardName}`}
        className={buttonClass("secondary", "sm", "list-none [&::-webkit-details-marker]:hidden")}
      >
        {pending ? "Updating..." : "Status"} <ChevronDown aria-hidden className="size-4" />
      </summary>
      <Form
        method="post"
        preventScrollReset
        className="absolute right-0 z-10 mt-1 w-44 rounded-card border border-line bg-surface p-1 shadow-lg"
      >
        <input type="hidden" name="id" value={applicationId} />
        {APPLICANT_STATUS_OPTIONS.map((option) => {
          const current = option.value === status;
          return (
            <button
              key={option.value}
              type="submit"
              name="status"
              value={option.value}
              aria-current={current ? "true" : undefined}
              onClick={(event) => {
                if (current) event.preventDefault();
                if (menu.current) menu.current.open = false;
              }}
              className={clsx(
                "flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm hover:bg-canvas",
                current && "font-medium text-brand-800",
              )}
            >
              {option.label}
              {current ? <Check aria-hidden className="size-4" /> : null}
            </button>
          );
        })}
      </Form>
    </details>
  );
}

export const meta: MetaFunction = () => [{ title: "My Applications - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
