/**
 * Telling the other side of an application about an outcome step (docs/product.md#outcomes): a
 * notice in their notification room (every page they have open) and an email when they take
 * email notifications. A dispute also opens the direct chat between the two (or reuses it) with a
 * message giving its context, sent by the applicant who disputes.
 */
import { inArray } from "drizzle-orm";
import { users } from "../../../db/schema";
import { composeEmail } from "~/modules/auth/emails.server";
import { appUrl } from "~/modules/auth/tokens.server";
import { formatBonus } from "~/modules/cards/display";
import { startDirectChat } from "~/modules/chats/commands.server";
import { createMailer } from "~/modules/email/mailer.server";
import { visibleNames } from "~/modules/users/privacy";
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
 * dispute's chat id. Notices are best effort (the timeline is what counts); the email goes out
 * after the answer (waitUntil).
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
      email: users.email,
      emailNotifications: users.emailNotifications,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      showFullName: users.showFullName,
    })
    .from(users)
    .where(inArray(users.id, [actorId, otherId]));
  const actor = people.find((person) => person.id === actorId);
  const other = people.find((person) => person.id === otherId);
  if (!actor || !other) return null;
  const text = noticeText(app, input, visibleNames(actor, false).name);
  const href = outcomeHref(app, otherSide);
  await ctx.realtime.toUser(otherId, { type: "notice", id: `${app.id}-${input.step}`, text, href });
  if (other.emailNotifications) {
    const email = composeEmail(other.email, `Cardshare: ${app.cardName} application update`, [text], {
      url: appUrl(ctx, href.split("#")[0], {}),
      label: "Open the application",
    });
    // The mail names the actor: it goes when their account does.
    ctx.waitUntil(createMailer(ctx.env, ctx.db).send({ ...email, aboutUserId: actorId }));
  }
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
