import { signedInMeta } from "~/utils/signed-in-meta";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { formatIsoDay } from "~/core/format";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { ActionError, AdminTable, cellClass, dateCellClass, inputClass } from "~/modules/admin/list-ui";
import { ValuationEditSchema } from "~/modules/shares/valuations";
import { listValuations, updateValuation } from "~/modules/shares/valuations.server";

const PATH = "/admin/valuations";

export const loader = pageLoader({
  access: "admin",
  run: async ({ ctx }) => ({ valuations: await listValuations(ctx) }),
});

export const action = formAction({
  access: "admin",
  intents: {
    update: intent.admin({
      schema: ValuationEditSchema,
      async run({ ctx, value }) {
        const { message } = await updateValuation(ctx, value);
        return redirectTo(PATH, { toast: message });
      },
    }),
  },
});

const COLUMNS = ["Program", "Unit", "Cards", "Cents per point", "Source", "Updated"];

/**
 * Admins: what a point or mile of each rewards program is worth (docs/decisions/185). A share of a
 * points bonus is turned into dollars with it when a referral is saved; each edit is in the audit log.
 */
export default function AdminValuations() {
  const { valuations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  return (
    <section aria-labelledby="valuations-title">
      <h1 id="valuations-title" className="text-2xl font-semibold tracking-tight">
        Point valuations
      </h1>
      <p className="mt-1 text-sm text-muted">
        What one point or mile of each program is worth in US cents. Referrals on these cards turn a share of a points
        bonus into dollars with it when they are saved; referrals already saved keep their amount.
      </p>
      <ActionError message={actionData && !actionData.ok ? actionData.message : undefined} />
      <AdminTable caption="Rewards programs, A to Z" head={COLUMNS}>
        {valuations.map((valuation) => (
          <tr key={valuation.id}>
            <th scope="row" className={`${cellClass} text-left font-medium`}>
              {valuation.program}
            </th>
            <td className={cellClass}>{valuation.unit}</td>
            <td className={`${cellClass} tabular`}>{valuation.cards}</td>
            <td className={cellClass}>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="id" value={valuation.id} />
                <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
                <label className="text-xs text-muted">
                  Cents
                  <input
                    name="centsPerPoint"
                    type="number"
                    step="0.01"
                    min={0.01}
                    max={10}
                    required
                    defaultValue={valuation.centsPerPoint}
                    aria-label={`${valuation.program}: cents per point`}
                    className={`${inputClass} block w-24`}
                  />
                </label>
                <label className="text-xs text-muted">
                  Source of the new value
                  <input
                    name="source"
                    maxLength={200}
                    aria-label={`${valuation.program}: source`}
                    className={`${inputClass} block w-44`}
                  />
                </label>
                <Button type="submit" size="sm" variant="secondary" name="intent" value="update">
                  Save
                </Button>
              </Form>
            </td>
            <td className={`${cellClass} max-w-xs text-xs text-muted`}>{valuation.source}</td>
            <td className={dateCellClass}>{formatIsoDay(valuation.updatedAt)}</td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Point valuations - Admin - Cardshare",
    "What a point or mile of each rewards program is worth in cents: the share amounts start from it.",
  );
