/**
 * Application statuses as people see them (docs/product.md#applications): the badge labels, the applicant's
 * status menu, the dashboard filters and which statuses offer a tip. Pure, safe in the browser.
 */
import { z } from "zod";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../../../db/enums";
import { INVALID_REFERRAL, REFERRAL_NOT_FOUND } from "~/utils/messages";

/**
 * The one vocabulary of application statuses: the badge, the applicant's status menu, its toast,
 * the admin list and the filters all say these words (the spec's labels; docs/decisions/110).
 */
export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: "Applied",
  pending_approval: "Pending Referral Approval",
  submitted: "Submitted to Company",
  successful: "Successful",
  rejected: "Rejected",
  approved: "Approved",
  denied: "Denied",
  cancelled: "Cancelled",
};

/** The applicant's own choices in the status menu, labelled as their badges read. */
export const APPLICANT_STATUS_OPTIONS = (["pending", "successful", "denied", "cancelled"] as const).map((value) => ({
  value,
  label: STATUS_LABELS[value],
})) satisfies readonly { value: ApplicationStatus; label: string }[];
export type ApplicantStatus = (typeof APPLICANT_STATUS_OPTIONS)[number]["value"];
const APPLICANT_STATUSES = APPLICANT_STATUS_OPTIONS.map((option) => option.value) as [
  ApplicantStatus,
  ...ApplicantStatus[],
];

/** The filter (and the admin select) that shows every status. */
export const ALL_STATUSES = "All statuses";

export const STATUS_FILTERS = {
  all: { label: ALL_STATUSES, statuses: APPLICATION_STATUSES },
  pending: { label: "Pending", statuses: ["pending", "pending_approval"] },
  completed: {
    label: "Completed",
    statuses: ["successful", "rejected", "submitted", "approved", "denied", "cancelled"],
  },
} as const satisfies Record<string, { label: string; statuses: readonly ApplicationStatus[] }>;
export type StatusFilter = keyof typeof STATUS_FILTERS;

/** The filter named in the URL (`?status=`), or "all" for anything else. */
export function parseStatusFilter(value: string | null | undefined): StatusFilter {
  return value === "pending" || value === "completed" ? value : "all";
}

/** Statuses whose application card offers the tip buttons. */
export const TIP_STATUSES: readonly ApplicationStatus[] = ["successful", "submitted", "approved"];

/** Badge colour by meaning: green done well, red ended badly, amber waiting, grey withdrawn. */
export function statusTone(status: ApplicationStatus): "success" | "danger" | "warning" | "neutral" | "info" {
  if (status === "successful" || status === "approved") return "success";
  if (status === "rejected" || status === "denied") return "danger";
  if (status === "cancelled") return "neutral";
  if (status === "submitted") return "info";
  return "warning";
}

export const APPLICATION_MESSAGES = {
  statusUpdated: (label: string) => `Application status updated to ${label}`,
  statusFailed: "Failed to update status",
  notFound: "Application not found",
  notYours: "You can only change your own applications.",
  notAllowed: "You are not allowed to see these applications.",
  invalidStatus: "Please choose a valid status",
  // Applying through a referral (apply.server.ts).
  ownReferral: "You cannot apply to your own referral",
  referralNotFound: REFERRAL_NOT_FOUND,
  inactive: "This referral is no longer active",
  alreadyApplied: "You have already applied with this referral",
  noSlots: "No referrals left for this card",
  applied: "Application recorded",
  invalid: INVALID_REFERRAL,
} as const;

/** PUT /api/applications/card-apply/{id} and the dashboard's status menu: the applicant's choices. */
export const StatusUpdateSchema = z.object({
  status: z.enum(APPLICANT_STATUSES, { error: APPLICATION_MESSAGES.invalidStatus }),
});

/** The label of a status, as its badge, the menu and the toast say it. */
export function statusLabel(status: ApplicationStatus): string {
  return STATUS_LABELS[status];
}
