/**
 * Reports (docs/product.md#reports): what a member can say is wrong, and the admin's answer.
 * Browser-safe: the report dialog and the admin queue validate with the same schemas.
 */
import { z } from "zod";
import { REPORT_REASONS, REPORT_TARGETS, type ReportReason, type ReportTarget } from "../../../db/enums";

export const REPORT_NOTE_MAX = 500;
export const RESOLUTION_REASON_MAX = 500;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  "link-broken": "Link doesn't work",
  "offer-expired": "Offer expired",
  "wrong-card": "Wrong card",
  spam: "Spam or scam",
  other: "Other",
};

/** The reasons that make sense for each target (a member has no link to break). */
export const REASONS_FOR: Record<ReportTarget, readonly ReportReason[]> = {
  referral: REPORT_REASONS,
  user: ["spam", "other"],
  message: ["spam", "other"],
};

export const REPORT_MESSAGES = {
  sent: "Thanks. Your report was sent to the Cardshare team.",
  already: "You have already reported this.",
  notFound: "There is nothing to report here any more.",
  own: "You cannot report yourself or your own referral.",
  unverified: "Verify your email address before you report.",
  noteRequired: "Tell us what is wrong (a few words are enough).",
  reasonRequired: "Choose what is wrong.",
  reasonNotFor: "Choose one of the reasons listed.",
  resolutionReasonRequired: "Say why, for the audit log.",
  notHideable: "Only referrals can be hidden; for a member or a message, deactivate the member or dismiss.",
  resolved: "Reports resolved.",
  dismissed: "Reports dismissed.",
  nothingOpen: "These reports were already handled.",
} as const;

export const ReportSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS, { error: "Choose what you are reporting." }),
    targetId: z.string({ error: "Say which one you are reporting." }).trim().min(1).max(64),
    reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
    note: z
      .string({ error: "The note must be text." })
      .trim()
      .max(REPORT_NOTE_MAX, `Keep the note under ${REPORT_NOTE_MAX} characters.`)
      .optional()
      .default(""),
  })
  .refine((report) => REASONS_FOR[report.targetType].includes(report.reason), {
    path: ["reason"],
    error: REPORT_MESSAGES.reasonNotFor,
  })
  .refine((report) => report.reason !== "other" || report.note.length > 0, {
    path: ["note"],
    error: REPORT_MESSAGES.noteRequired,
  });
export type ReportInput = z.output<typeof ReportSchema>;

export const RESOLUTIONS = ["hide", "restore", "deactivate-user", "dismiss"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const RESOLUTION_LABELS: Record<Resolution, string> = {
  hide: "Hide",
  restore: "Restore",
  "deactivate-user": "Deactivate the member",
  dismiss: "Dismiss",
};

export const ResolveSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: "Choose what the reports are about." }),
  targetId: z.string({ error: "Say which reports." }).trim().min(1).max(64),
  resolution: z.enum(RESOLUTIONS, { error: "Choose an action." }),
  reason: z
    .string({ error: REPORT_MESSAGES.resolutionReasonRequired })
    .trim()
    .min(3, REPORT_MESSAGES.resolutionReasonRequired)
    .max(RESOLUTION_REASON_MAX, `Keep the reason under ${RESOLUTION_REASON_MAX} characters.`),
});
export type ResolveInput = z.output<typeof ResolveSchema>;
