import { Form, useNavigation } from "@remix-run/react";
import { clsx } from "clsx";
import { Check, ChevronDown } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { MenuDetails } from "~/components/ui/menu-details";
import { APPLICANT_STATUS_OPTIONS } from "~/modules/applications/status";
import { STEP_LABELS, stepOfStatus } from "~/modules/outcomes/steps";

/**
 * The applicant's status menu: a disclosure of submit buttons (no JavaScript needed). With
 * JavaScript it behaves as a menu (MenuDetails: outside click, Escape, the 8000 ms timer) and
 * choosing the current status just closes it; without, the server changes nothing.
 */
export function StatusMenu({
  applicationId,
  status,
  cardName,
}: {
  applicationId: string;
  status: string;
  cardName: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("id") === applicationId;
  return (
    <MenuDetails className="relative">
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
        {APPLICANT_STATUS_OPTIONS.map(({ value, label }) => {
          const option = { value, label, step: stepOfStatus(value) };
          const current = option.value === status;
          return (
            <button
              key={option.value}
              type="submit"
              name="status"
              value={option.value}
              aria-current={current ? "true" : undefined}
              onClick={(event) => {
                // MenuDetails closes the menu on any choice; the current one sends nothing.
                if (current) event.preventDefault();
              }}
              className={clsx(
                "flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm hover:bg-canvas",
                current && "font-medium text-brand-800",
              )}
            >
              <span>
                {option.label}
                {/* The timeline's words for what this status means (ADR 175). */}
                {option.step ? <span className="block text-xs text-muted">{STEP_LABELS[option.step]}</span> : null}
              </span>
              {current ? <Check aria-hidden className="size-4" /> : null}
            </button>
          );
        })}
      </Form>
    </MenuDetails>
  );
}
