import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import { z } from "zod";
import { SelectField, TextareaField } from "~/components/forms/field";
import { FormError, formLevelMessage } from "~/components/forms/form-error";
import { Button, buttonClass } from "~/components/ui/button";
import { formatDate } from "~/core/format";
import { formAction, intent, redirectTo } from "~/http/form-action.server";
import { pageLoader } from "~/http/page-loader.server";
import { PageCursor } from "~/modules/admin/queries";
import { listReportQueue, type ReportGroup } from "~/modules/reports/moderation.server";
import {
  REPORT_REASON_LABELS,
  RESOLUTION_LABELS,
  RESOLUTION_REASON_MAX,
  ResolveSchema,
  type Resolution,
} from "~/modules/reports/schemas";
import { resolveReports } from "~/modules/reports/moderation.server";
import { signedInMeta } from "~/utils/signed-in-meta";

const PATH = "/admin/reports";

export const loader = pageLoader({
  access: "admin",
  query: z.object({ cursor: PageCursor }),
  run: async ({ ctx, query: { cursor } }) => ({ ...(await listReportQueue(ctx, { cursor })), isFirstPage: !cursor }),
});

export const action = formAction({
  access: "admin",
  intents: {
    resolve: intent.admin({
      schema: ResolveSchema,
      async run({ ctx, value }) {
        const { message } = await resolveReports(ctx, value);
        return redirectTo(PATH, { toast: message });
      },
    }),
  },
});

/** The answers that make sense for each kind of target. */
const ANSWERS: Record<ReportGroup["targetType"], readonly Resolution[]> = {
  referral: ["hide", "restore", "deactivate-user", "dismiss"],
  user: ["deactivate-user", "dismiss"],
  message: ["deactivate-user", "dismiss"],
};

type Group = ReturnType<typeof useLoaderData<typeof loader>>["groups"][number];

function TargetSummary({ group }: { group: Group }) {
  if (group.referral) {
    const referral = group.referral;
    const state = referral.moderatedAt
      ? "Hidden by an admin"
      : referral.heldAt
        ? "Paused by reports"
        : referral.isActive
          ? "Live"
          : "Inactive";
    return (
      <>
        <h2 className="text-lg font-semibold">
          Referral: {referral.card}{" "}
          <span className="text-sm font-normal text-muted">
            by <Link to={`/profile/${referral.ownerId}`}>@{referral.owner}</Link>
          </span>
        </h2>
        <p className="mt-1 text-sm">
          <span className="rounded-full bg-canvas px-2 py-0.5 font-medium">{state}</span>{" "}
          <Link to={`/apply/${referral.id}`} className="text-brand-700 underline">
            Open the referral
          </Link>
        </p>
        <p className="mt-1 text-sm break-all text-muted">Link: {referral.link || "(withdrawn)"}</p>
        {referral.linkConfirmedAt ? (
          <p className="text-sm text-muted">Link confirmed {formatDate(referral.linkConfirmedAt)}</p>
        ) : null}
      </>
    );
  }
  if (group.user) {
    return (
      <h2 className="text-lg font-semibold">
        Member:{" "}
        <Link to={`/profile/${group.user.id}`} className="text-brand-700 underline">
          @{group.user.username}
        </Link>
        {group.user.deactivatedAt ? <span className="ml-2 text-sm font-normal text-muted">(deactivated)</span> : null}
      </h2>
    );
  }
  if (group.message) {
    return (
      <>
        <h2 className="text-lg font-semibold">
          Message from {group.message.owner ? `@${group.message.owner}` : "a deleted user"}
        </h2>
        <blockquote className="mt-2 rounded-card border-l-4 border-line bg-canvas px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {group.message.content}
        </blockquote>
        <p className="mt-1 text-xs text-muted">
          In “{group.message.chatName}”, {formatDate(group.message.createdAt)}
        </p>
      </>
    );
  }
  return <h2 className="text-lg font-semibold">Something that no longer exists</h2>;
}

function ResolveForm({ group }: { group: Group }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const formId = `resolve-${group.targetType}-${group.targetId}`;
  const mine = actionData && !actionData.ok && actionData.id === group.targetId ? actionData : undefined;
  const [form, fields] = useForm({
    id: formId,
    lastResult: mine?.result,
    constraint: getZodConstraint(ResolveSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResolveSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle" && navigation.formData?.get("targetId") === group.targetId;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end">
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="id" value={group.targetId} />
      <input type="hidden" name="targetType" value={group.targetType} />
      <input type="hidden" name="targetId" value={group.targetId} />
      <div className="sm:col-span-3">
        <FormError message={mine ? formLevelMessage(mine.result, mine.message) : null} answer={mine} />
      </div>
      <SelectField
        label="Action"
        selectProps={getSelectProps(fields.resolution)}
        placeholder="Choose an action"
        options={ANSWERS[group.targetType].map((answer) => [answer, RESOLUTION_LABELS[answer]] as const)}
        errors={fields.resolution.errors}
      />
      <TextareaField
        label="Why (for the audit log)"
        textareaProps={{ ...getTextareaProps(fields.reason), rows: 1, maxLength: RESOLUTION_REASON_MAX }}
        errors={fields.reason.errors}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Apply"}
      </Button>
    </Form>
  );
}

/** Admins: open reports grouped by what they are about, with the evidence and one answer each. */
export default function AdminReports() {
  const { groups, nextCursor, isFirstPage } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title" className="text-2xl font-semibold tracking-tight">
        Reports
      </h1>
      <p className="mt-1 text-sm text-muted">
        Open reports, newest first. A referral reported by 3 verified members is paused until its referrer confirms the
        link; your answer closes every open report on it.
      </p>
      {groups.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
          <ShieldCheck aria-hidden className="size-8 text-muted" />
          <p className="mt-3 text-muted">{isFirstPage ? "No open reports." : "No more open reports."}</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-4">
          {groups.map((group) => (
            <li
              key={`${group.targetType}:${group.targetId}`}
              className="rounded-card border border-line bg-surface p-4 sm:p-6"
            >
              <TargetSummary group={group} />
              <h3 className="mt-4 text-sm font-semibold">
                {group.count} {group.count === 1 ? "report" : "reports"}
              </h3>
              <ul className="mt-2 space-y-2 text-sm">
                {group.reports.map((report) => (
                  <li
                    key={`${report.reporter}-${String(report.createdAt)}`}
                    className="rounded-card bg-canvas px-3 py-2"
                  >
                    <span className="font-medium">{REPORT_REASON_LABELS[report.reason]}</span>
                    <span className="text-muted">
                      {" "}
                      from @{report.reporter}, {formatDate(report.createdAt)}
                    </span>
                    {report.note ? <p className="mt-1 break-words whitespace-pre-wrap">{report.note}</p> : null}
                  </li>
                ))}
              </ul>
              <ResolveForm group={group} />
            </li>
          ))}
        </ul>
      )}
      {nextCursor ? (
        <div className="mt-4 flex justify-end">
          <Link to={`${PATH}?cursor=${encodeURIComponent(nextCursor)}`} className={buttonClass("secondary", "sm")}>
            Older reports
          </Link>
        </div>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () =>
  signedInMeta(
    "Reports - Admin - Cardshare",
    "What members reported, grouped by what they reported, for an admin to decide.",
  );
