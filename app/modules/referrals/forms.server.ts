/**
 * Form actions shared by the HTML routes (/refer, /dashboard/my-referrals): Mark as Inactive and
 * Reopen, answered with a redirect and the spec's toast so they work without JavaScript.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { DomainError } from "~/core/errors";
import { safeRedirect } from "~/utils/redirect";
import { getServices } from "~/utils/services.server";
import { redirectWithToast } from "~/utils/toast.server";
import { setReferralActive } from "./referrals.server";

export const STATUS_INTENTS = ["mark-inactive", "reopen"] as const;

export function isStatusIntent(intent: unknown): intent is (typeof STATUS_INTENTS)[number] {
  return STATUS_INTENTS.includes(intent as (typeof STATUS_INTENTS)[number]);
}

/** Runs Mark as Inactive / Reopen for the signed-in user and redirects back with a toast. */
export async function referralStatusAction(
  context: AppLoadContext,
  userId: string,
  formData: FormData,
  fallbackPath: string,
) {
  const intent = formData.get("intent");
  const back = safeRedirect(formData.get("redirectTo"), fallbackPath);
  try {
    const { message } = await setReferralActive(
      getServices(context),
      userId,
      String(formData.get("referralId") ?? ""),
      intent === "reopen",
    );
    return redirectWithToast(context, back, { type: "success", description: message });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return redirectWithToast(context, back, { type: "error", description: error.message });
  }
}
