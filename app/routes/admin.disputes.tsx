import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { formatIsoDay } from "~/core/format";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { ActionError, inputClass, Pager } from "~/modules/admin/list-ui";
import { PageCursor } from "~/modules/admin/queries";
import { closeDispute, listOpenDisputes } from "~/modules/outcomes/disputes.server";
import { signedInMeta } from "~/utils/signed-in-meta";
import { DECISION_LABELS, DISPUTE_MESSAGES, DisputeDecisionSchema } from "~/modules/outcomes/dispute-path";
import { DISPUTE_DECISIONS } from "../../db/enums";

const PATH = "/admin/disputes";

export const loader = pageLoader({
  access: "admin",
  query: z.object({ cursor: PageCursor }),
  run: async ({ ctx, query: { cursor } }) => {
    const page = await listOpenDisputes(ctx, { cursor });
    return { ...page, isFirstPage: !cursor };
  },
});

const CloseSchema = DisputeDecisionSchema.extend({
  id: z.string({ error: DISPUTE_MESSAGES.notOpen }).min(1, DISPUTE_MESSAGES.notOpen).max(64, DISPUTE_MESSAGES.notOpen),
});

export const action = formAction({
  access: "admin",
  intents: {
    close: intent.admin({
      schema: CloseSchema,
      async run({ ctx, value }) {
        const { message } = await closeDispute(ctx, {
          applicationId: value.id,
          reason: value.reason,
          decision: value.decision,
        });
        return redirectTo(PATH, { toast: message });
      },
    }),
  },
});

type Item = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

/** Who said it, by role: the admin reads a pair, not a crowd. */
function roleOf(dispute: Item, userId: string | null) {
  if (userId === dispute.applicantId) return dispute.applicantUsername;
  if (userId === dispute.referrerId) return dispute.referrerUsername;
  return "someone";
}

/** One dispute with everything an admin decides on: both notes, the timeline, the chat. */
function DisputeCase({ dispute }: { dispute: Item }) {
  const location = useLocation();
  const headingId = `dispute-${dispute.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-card border border-line bg-surface p-4">
      <h2 id={headingId} className="font-semibold">
        {dispute.cardName}:{" "}
        <Link to={`/profile/${dispute.applicantId}`} className="text-brand-700 underline">
          {dispute.applicantUsername}
        </Link>{" "}
        disputes{" "}
        <Link to={`/profile/${dispute.referrerId}`} className="text-brand-700 underline">
          {dispute.referrerUsername}
        </Link>
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium">Applicant&apos;s note ({formatIsoDay(dispute.createdAt)})</dt>
          <dd className="break-words whitespace-pre-line">{dispute.note}</dd>
        </div>
        <div>
          <dt className="font-medium">Referrer&apos;s answer</dt>
          <dd className="break-words whitespace-pre-line">
            {dispute.answer ?? `None yet (due by ${formatIsoDay(dispute.answerBy)})`}
          </dd>
        </div>
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Timeline ({dispute.timeline.length} steps)</summary>
        <ol className="mt-2 space-y-1">
          {dispute.timeline.map((entry) => (
            <li key={entry.step}>
              {formatIsoDay(entry.at)} · {entry.label} · {roleOf(dispute, entry.by)}
              {entry.amount !== null ? ` · ${entry.amount}${entry.method ? ` via ${entry.method}` : ""}` : ""}
            </li>
          ))}
        </ol>
      </details>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Their chat (latest {dispute.chat.length} messages)</summary>
        {dispute.chat.length === 0 ? (
          <p className="mt-2 text-muted">No messages.</p>
        ) : (
          <ol className="mt-2 max-h-64 space-y-1 overflow-y-auto">
            {dispute.chat.map((message, index) => (
              <li key={index} className="break-words">
                <span className="font-medium">{roleOf(dispute, message.by)}</span>: {message.text}
              </li>
            ))}
          </ol>
        )}
      </details>
      <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-line pt-3">
        <input type="hidden" name="id" value={dispute.applicationId} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <fieldset className="text-sm">
          <legend className="font-medium">Decision</legend>
          {DISPUTE_DECISIONS.map((decision) => (
            <label key={decision} className="mr-3 inline-flex items-center gap-1.5">
              <input type="radio" name="decision" value={decision} required /> {DECISION_LABELS[decision]}
            </label>
          ))}
        </fieldset>
        <label className="text-xs text-muted">
          Why
          <input name="reason" maxLength={500} className={`${inputClass} block w-56`} />
        </label>
        <Button type="submit" size="sm" variant="secondary" name="intent" value="close">
          Decide and close
        </Button>
      </Form>
    </article>
  );
}

/**
 * Admins: shares an applicant reported as not received, still open (docs/product.md#outcomes).
 * The referrer has 7 days to answer with a note; then an admin decides with both notes, the
 * timeline and the chat in front of them, and the decision counts in the referrer's figures.
 */
export default function AdminDisputes() {
  const { items, nextCursor, isFirstPage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="disputes-title">
      <h1 id="disputes-title" className="text-2xl font-semibold tracking-tight">
        Disputed shares
      </h1>
      <p className="mt-1 text-sm text-muted">
        Applicants who say a promised share did not arrive. The referrer has 7 days to answer; decide once they answered
        or the days passed. An upheld dispute shows on the referrer&apos;s profile.
      </p>
      <ActionError message={actionData && !actionData.ok ? actionData.message : undefined} />
      {items.length === 0 ? (
        <p className="mt-6 text-sm text-muted">{isFirstPage ? "No open disputes." : "No older disputes."}</p>
      ) : (
        <ul aria-label="Open disputes, newest first" className="mt-4 space-y-4">
          {items.map((dispute) => (
            <li key={dispute.id}>
              <DisputeCase dispute={dispute} />
            </li>
          ))}
        </ul>
      )}
      <Pager nextCursor={nextCursor} />
    </section>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Disputed shares - Cardshare admin",
    "Applications where the applicant and the referrer disagree about the shared bonus.",
  );
