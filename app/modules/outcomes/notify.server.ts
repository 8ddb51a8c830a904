/**
 * Telling the other side of an application about an outcome step (docs/product.md#outcomes): a
 * notice in their notification room (every page they have open) and a notification on the queue
 * (ADR 180: mailed when they take that kind). A dispute also opens the direct chat between the two (or reuses it) with a
 * message giving its context, sent by the applicant who disputes.
 */
import { inArray } from "drizzle-orm";
import { users } from "../../../db/schema";
import { formatBonus } from "~/modules/cards/display";
import { startDirectChat } from "~/modules/chats/commands.server";
import { notify } from "~/modules/notifications/notify.server";
import { visibleNames } from "~/modules/users/privacy";
import { nameColumns } from "~/modules/users/profile.server";
import type { OutcomeCtx, StepApplication } from "./outcomes.server";
import { paidText, type OutcomeStepInput } from "./steps";
import { formatCents } from "~/modules/shares/terms";

/** Where each side follows an application: My Applications, or the referral's applicant list. */
export function outcomeHref(app: Pick<StepApplication, "id" | "referralId">, side: "applicant" | "referrer") {
  return side === "applicant"
    ? `/dashboard/my-applications#outcome-${app.id}`
    : `/dashboard/referrals/${app.referralId}#outcome-${app.id}`;
}

/** The sentence the other side reads, naming who took the step. */
export function noticeText(app: StepApplication, input: OutcomeStepInput, name: string) {
  const card = app.cardName;
  switch (input.step) {
    case "bonus-posted":
      return `${name} says the referral bonus for your ${card} application posted.`;
    case "share-paid":
      return `${name} paid your share for ${card}: ${paidText(input)}.${input.note ? ` "${input.note}"` : ""} Confirm you received it.`;
    case "bonus-received":
      return `${name} received the sign-up bonus of ${card}.`;
    case "share-received":
      return `${name} confirmed receiving your share for ${card}.`;
    case "share-not-received":
      return `${name} says the share for ${card} did not arrive: "${input.note}"`;
    default:
      return input satisfies never;
  }
}

/** What the other side is asked to do now, beside the notice (the mail's second line). */
function nextMove(app: StepApplication, input: OutcomeStepInput): string | null {
  switch (input.step) {
    case "bonus-posted":
      return "Confirm it on your application once the bonus shows on your statement.";
    case "bonus-received":
      return app.percent > 0 ? `Pay the promised share of ${app.percent}% and record it on the application.` : null;
    case "share-paid":
      return "Confirm you received it, or say it did not arrive.";
    case "share-not-received":
      return "A dispute is open. Answer in your chat with them, or record the payment again on the application.";
    default:
      return null;
  }
}

/** The dispute's context, the first message of (or the next one in) the pair's chat. */
function disputeMessage(app: StepApplication, note: string) {
  const promised =
    app.promisedCents !== null
      ? formatCents(app.promisedCents)
      : app.percent > 0
        ? `${app.percent}% of ${formatBonus({ amount: app.bonusAmount, unit: app.bonusUnit })}`
        : "a share";
  return `Dispute: I have not received the share for ${app.cardName} (promised ${promised}). ${note}`;
}

/**
 * Notice and email to the other side; for a dispute, the chat with its context. Answers the
 * dispute's chat id. Notices are best effort (the timeline is what counts); the notification is
 * enqueued after the answer (waitUntil).
 */
export async function tellOtherSide(
  ctx: OutcomeCtx,
  { app, input, actorId }: { app: StepApplication; input: OutcomeStepInput; actorId: string },
) {
  const otherId = actorId === app.referrerId ? app.applicantId : app.referrerId;
  const otherSide = otherId === app.applicantId ? "applicant" : "referrer";
  const people = await ctx.db
    .select({
      id: users.id,
      ...nameColumns,
    })
    .from(users)
    .where(inArray(users.id, [actorId, otherId]));
  const actor = people.find((person) => person.id === actorId);
  const other = people.find((person) => person.id === otherId);
  if (!actor || !other) return null;
  const text = noticeText(app, input, visibleNames(actor, false).name);
  const href = outcomeHref(app, otherSide);
  await ctx.realtime.toUser(otherId, {
    type: "notice",
    id: `${app.id}-${input.step}`,
    text,
    href,
    referralId: app.referralId,
  });
  const next = nextMove(app, input);
  // The mail names the actor: it goes when their account does.
  ctx.waitUntil(
    notify(ctx, {
      kind: input.step === "share-not-received" ? "disputes" : "outcomes",
      userId: otherId,
      key: `outcome:${app.id}:${input.step}`,
      aboutUserId: actorId,
      content: {
        subject: `Cardshare: ${app.cardName} application update`,
        lines: next ? [text, next] : [text],
        action: { path: href.split("#")[0]!, label: "Open the application" },
        // The share's deadline, set by the step's batch (shares/late.server.ts, docs/decisions/185).
        deadline: input.step === "bonus-received" ? (app.shareDueAt ?? undefined) : undefined,
      },
    }),
  );
  if (input.step !== "share-not-received") return null;
  try {
    const chat = await startDirectChat(ctx, { targetUserId: app.referrerId, referralId: app.referralId });
    // One context message per dispute, however often the form is sent (the room keys it by clientId).
    await ctx.realtime.sendToChat(chat.id, {
      userId: actorId,
      content: disputeMessage(app, input.note),
      clientId: `dispute-${app.id}`,
      waitForMirror: true,
    });
    return chat.id;
  } catch (error) {
    // The dispute is recorded either way; the chat can be opened from the profile.
    console.error("outcomes: dispute chat failed", error);
    return null;
  }
}
