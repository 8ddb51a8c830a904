import { describe, expect, it } from "vitest";
import {
  APPLICANT_STATUS_OPTIONS,
  APPLICATION_MESSAGES,
  STATUS_FILTERS,
  STATUS_LABELS,
  statusLabel,
} from "~/modules/applications/status";

describe("one status vocabulary (docs/decisions/110)", () => {
  it("the menu offers each status by its badge's label", () => {
    for (const option of APPLICANT_STATUS_OPTIONS) expect(option.label).toBe(STATUS_LABELS[option.value]);
    expect(APPLICANT_STATUS_OPTIONS.map((option) => option.label)).toEqual([
      "Applied",
      "Successful",
      "Denied",
      "Cancelled",
    ]);
  });

  it("the toast names the status as the badge does, and the filter reads 'All statuses'", () => {
    expect(APPLICATION_MESSAGES.statusUpdated(statusLabel("successful"))).toBe(
      "Application status updated to Successful",
    );
    expect(STATUS_FILTERS.all.label).toBe("All statuses");
  });
});
