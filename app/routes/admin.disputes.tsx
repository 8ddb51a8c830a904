import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { formatIsoDay } from "~/core/format";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { ActionError, AdminTable, cellClass, dateCellClass, inputClass, Pager } from "~/modules/admin/list-ui";
import { PageCursor } from "~/modules/admin/queries";
import { closeDispute, listOpenDisputes } from "~/modules/outcomes/disputes.server";
import { OUTCOME_MESSAGES } from "~/modules/outcomes/steps";
import { signedInMeta } from "~/utils/signed-in-meta";

const PATH = "/admin/disputes";

export const loader = pageLoader({
  access: "admin",
  query: z.object({ cursor: PageCursor }),
  run: async ({ ctx, query: { cursor } }) => {
    const page = await listOpenDisputes(ctx, { cursor });
    return { ...page, isFirstPage: !cursor };
  },
});

const CloseSchema = z.object({
  id: z
    .string({ error: OUTCOME_MESSAGES.disputeNotFound })
    .min(1, OUTCOME_MESSAGES.disputeNotFound)
    .max(64, OUTCOME_MESSAGES.disputeNotFound),
  reason: z.string({ error: "Say why in words" }).trim().max(500, "Keep the reason under 500 characters").default(""),
});

export const action = formAction({
  access: "admin",
  intents: {
    close: intent.admin({
      schema: CloseSchema,
      async run({ ctx, value }) {
        const { message } = await closeDispute(ctx, { applicationId: value.id, reason: value.reason });
        return redirectTo(PATH, { toast: message });
      },
    }),
  },
});

const COLUMNS = ["Opened", "Card", "Applicant", "Referrer", "Note", "Close"];

/**
 * Admins: shares an applicant reported as not received, still open (docs/product.md#outcomes).
 * The two talk it over in their chat; an admin closes a dispute once it is settled (audit log).
 */
export default function AdminDisputes() {
  const { items, nextCursor, isFirstPage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  return (
    <section aria-labelledby="disputes-title">
      <h1 id="disputes-title" className="text-2xl font-semibold tracking-tight">
        Disputed shares
      </h1>
      <p className="mt-1 text-sm text-muted">
        Applicants who say a promised share did not arrive. Each opened the chat with the referrer.
      </p>
      <ActionError message={actionData && !actionData.ok ? actionData.message : undefined} />
      {items.length === 0 ? (
        // Said in a paragraph: an empty six-column table would scroll sideways with nothing to focus.
        <p className="mt-6 text-sm text-muted">{isFirstPage ? "No open disputes." : "No older disputes."}</p>
      ) : (
        <AdminTable caption="Open disputes, newest first" head={COLUMNS}>
          {items.map((dispute) => (
            <tr key={dispute.id}>
              <td className={dateCellClass}>{formatIsoDay(dispute.createdAt)}</td>
              <td className={cellClass}>{dispute.cardName}</td>
              <td className={cellClass}>
                <Link to={`/profile/${dispute.applicantId}`} className="text-brand-700 underline">
                  {dispute.applicantUsername}
                </Link>
              </td>
              <td className={cellClass}>
                <Link to={`/profile/${dispute.referrerId}`} className="text-brand-700 underline">
                  {dispute.referrerUsername}
                </Link>
              </td>
              <td className={`${cellClass} max-w-xs break-words whitespace-pre-line`}>{dispute.note}</td>
              <td className={cellClass}>
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="id" value={dispute.applicationId} />
                  <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
                  <label className="text-xs text-muted">
                    Why
                    <input name="reason" maxLength={500} className={`${inputClass} block w-40`} />
                  </label>
                  <Button type="submit" size="sm" variant="secondary" name="intent" value="close">
                    Close dispute
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
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
