import { clsx } from "clsx";
import type { ApplicationStatus } from "../../../db/enums";
import { STATUS_LABELS, statusTone } from "./status";

const TONE_CLASSES = {
  success: "bg-success-50 text-success-700 ring-success-700/20",
  danger: "bg-danger-50 text-danger-700 ring-danger-700/20",
  warning: "bg-warning-50 text-warning-700 ring-warning-700/20",
  info: "bg-brand-50 text-brand-800 ring-brand-200",
  neutral: "bg-canvas text-muted ring-line",
} as const;

/** An application's status with the spec's label, coloured by what it means. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      className={clsx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1",
        TONE_CLASSES[statusTone(status)],
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
