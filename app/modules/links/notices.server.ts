/**
 * The in-app notice a referrer gets when one of their referrals is held (by reports or for
 * review) or answered by an admin: a frame to their notification room, shown as a toast on
 * whatever page they have open (docs/product.md#link-health). Best effort like every fan-out: My
 * Referrals shows the same state to anyone who missed it.
 */
import type { Ctx } from "~/core/context.server";
import { notify } from "~/modules/notifications/notify.server";

export const MY_REFERRALS_URL = "/dashboard/my-referrals";

export function noticeToReferrer(
  ctx: Pick<Ctx, "realtime">,
  referrerId: string,
  input: { referralId: string; text: string },
) {
  return ctx.realtime.toUser(referrerId, {
    type: "notice",
    id: `referral-${input.referralId}`,
    text: input.text,
    href: MY_REFERRALS_URL,
    referralId: input.referralId,
  });
}

/** The texts of the notices for a hold, beside the state My Referrals shows. */
export const HOLD_NOTICES = {
  reports:
    "One of your referrals is paused after reports. Check the link and the offer, then confirm it on My Referrals.",
  review: "Your new referral waits for an admin's review before it goes live. My Referrals shows why.",
} as const;

/** The same news as a notification that leaves the site (ADR 180): mailed when the referrer takes its kind. */
export function notifyReferrer(
  ctx: Pick<Ctx, "db" | "notifications">,
  referrerId: string,
  input: { kind: "links" | "moderation"; key: string; subject: string; text: string },
) {
  return notify(ctx, {
    kind: input.kind,
    userId: referrerId,
    key: input.key,
    content: {
      subject: input.subject,
      lines: [input.text],
      action: { path: MY_REFERRALS_URL, label: "Open My Referrals" },
    },
  });
}
