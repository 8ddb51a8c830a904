/**
 * A member's own data, in one JSON file (docs/product.md#your-data): what they told us, what they
 * published, what they did and what they said (outcome steps, disputes, the reports they filed, the
 * members they block, their settings included). Read in one batch (one trip), each list bounded by
 * the member's own rows through an index on its owner column.
 */
import { asc, eq, getTableColumns, inArray, or, sql } from "drizzle-orm";
import {
  applicationOutcomes,
  applications,
  blocks,
  chatMembers,
  chats,
  comments,
  creditCards,
  messages,
  referrals,
  reports,
  tips,
  users,
} from "../../../db/schema";
import { DomainError } from "~/core/errors";
import { requireActor, type Ctx } from "~/core/context.server";
import { USER_NOT_FOUND } from "~/utils/messages";
import { ownColumns } from "./profile.server";
import { choicesOf, kindSettingsFrom } from "~/modules/notifications/settings.server";
import { listPushDevices } from "~/modules/notifications/push-subscriptions.server";

/** A report as its reporter exports it: all but who filed it (them) and which admin resolved it. */
const { reporterId: _reporter, resolvedById: _resolver, ...reportColumns } = getTableColumns(reports);

/** The export's own version, so a reader can tell later shapes apart. */
export const EXPORT_FORMAT = "cardshare-export/1" as const;

export async function exportMyData(ctx: Pick<Ctx, "db" | "actor">) {
  const { id: userId } = requireActor(ctx);
  const { db } = ctx;
  const myChats = db.select({ chatId: chatMembers.chatId }).from(chatMembers).where(eq(chatMembers.userId, userId));
  const myApplicationIds = db
    .select({ id: applications.id })
    .from(applications)
    .where(or(eq(applications.applicantId, userId), eq(applications.referrerId, userId)));
  const [
    profile,
    myReferrals,
    myApplications,
    myComments,
    myChatRows,
    myMessages,
    myTips,
    myBlocks,
    myOutcomes,
    myReports,
    myNotificationChoices,
    myPushDevices,
  ] = await db.batch([
    db
      .select({
        ...ownColumns,
        passwordChangedAt: users.passwordChangedAt,
        rating: users.rating,
        reviewCount: users.reviewCount,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({
        id: referrals.id,
        code: referrals.code,
        card: creditCards.name,
        creditCardId: referrals.creditCardId,
        referralLink: referrals.referralLink,
        sharingBenefitPortion: referrals.sharingBenefitPortion,
        specialApplicantBonus: referrals.specialApplicantBonus,
        specialReferrerBonusAmount: referrals.specialReferrerBonusAmount,
        specialReferrerBonusUnit: referrals.specialReferrerBonusUnit,
        availableReferCount: referrals.availableReferCount,
        additionalInfo: referrals.additionalInfo,
        isActive: referrals.isActive,
        applicationsCount: referrals.applicationsCount,
        successfulCount: referrals.successfulCount,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .innerJoin(creditCards, eq(creditCards.id, referrals.creditCardId))
      .where(eq(referrals.referrerId, userId))
      .orderBy(asc(referrals.createdAt)),
    db
      .select({
        id: applications.id,
        role: applications.applicantId,
        referralId: applications.referralId,
        card: creditCards.name,
        status: applications.status,
        additionalInfo: applications.additionalInfo,
        createdAt: applications.createdAt,
        updatedAt: applications.updatedAt,
      })
      .from(applications)
      .innerJoin(creditCards, eq(creditCards.id, applications.creditCardId))
      .where(or(eq(applications.applicantId, userId), eq(applications.referrerId, userId)))
      .orderBy(asc(applications.createdAt)),
    db
      .select({
        id: comments.id,
        referralId: comments.referralId,
        applicationId: comments.applicationId,
        commentType: comments.commentType,
        comment: comments.comment,
        rating: comments.rating,
        originalCommentId: comments.originalCommentId,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .where(eq(comments.authorId, userId))
      .orderBy(asc(comments.createdAt)),
    db
      .select({ id: chats.id, name: chats.name, referralId: chats.referralId, createdAt: chats.createdAt })
      .from(chats)
      .where(inArray(chats.id, myChats)),
    db
      .select({
        id: messages.id,
        chatId: messages.chatId,
        fromMe: sql<number>`${messages.senderId} = ${userId}`,
        content: messages.content,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(inArray(messages.chatId, myChats))
      .orderBy(asc(messages.chatId), asc(messages.createdAt)),
    db
      .select({ id: tips.id, amount: tips.amount, currency: tips.currency, createdAt: tips.createdAt })
      .from(tips)
      .where(eq(tips.userId, userId))
      .orderBy(asc(tips.createdAt)),
    // The members they block (docs/product.md#blocking); who blocks them is the others' data.
    db
      .select({ userId: blocks.blockedId, username: users.username, createdAt: blocks.createdAt })
      .from(blocks)
      .leftJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, userId))
      .orderBy(asc(blocks.createdAt)),
    // The outcome timelines of the member's applications, both sides' steps (as chats hold both
    // sides' messages); a share-not-received step is a dispute (docs/product.md#outcomes).
    db
      .select({
        applicationId: applicationOutcomes.applicationId,
        step: applicationOutcomes.step,
        byMe: sql<number>`${applicationOutcomes.actorId} = ${userId}`,
        amount: applicationOutcomes.amount,
        method: applicationOutcomes.method,
        note: applicationOutcomes.note,
        closedAt: applicationOutcomes.closedAt,
        createdAt: applicationOutcomes.createdAt,
      })
      .from(applicationOutcomes)
      .where(inArray(applicationOutcomes.applicationId, myApplicationIds))
      .orderBy(asc(applicationOutcomes.applicationId), asc(applicationOutcomes.createdAt)),
    // The reports they filed; reports about them are the reporters' data.
    db.select(reportColumns).from(reports).where(eq(reports.reporterId, userId)).orderBy(asc(reports.createdAt)),
    // Their notification choices (ADR 180) and the browsers that get their pushes (ADR 181).
    choicesOf(db, userId),
    listPushDevices(db, userId),
  ]);
  const [row] = profile;
  if (!row) throw new DomainError(404, USER_NOT_FOUND);
  const { showFullName, showEmail, showReferrals, showApplications, ...me } = row;
  const outcomes = myOutcomes.map(({ byMe, ...step }) => ({ ...step, byMe: Boolean(byMe) }));
  const messagesByChat = new Map<string, typeof myMessages>();
  for (const message of myMessages) {
    messagesByChat.set(message.chatId, [...(messagesByChat.get(message.chatId) ?? []), message]);
  }
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    profile: { ...me, privacy: { showFullName, showEmail, showReferrals, showApplications } },
    referrals: myReferrals,
    // Both sides of the member's applications: the ones they made and the ones made to them.
    applications: myApplications.map(({ role, ...application }) => ({
      ...application,
      role: role === userId ? ("applicant" as const) : ("referrer" as const),
    })),
    comments: myComments,
    chats: myChatRows.map((chat) => ({
      ...chat,
      messages: (messagesByChat.get(chat.id) ?? []).map(({ chatId: _chatId, fromMe, ...message }) => ({
        ...message,
        fromMe: Boolean(fromMe),
      })),
    })),
    // Stripe's minor unit (cents), as recorded from its webhook.
    tips: myTips.map(({ amount, ...tip }) => ({ ...tip, amountMinor: amount })),
    blocks: myBlocks,
    outcomes,
    disputes: outcomes
      .filter((step) => step.step === "share-not-received")
      .map(({ applicationId, byMe, note, createdAt, closedAt }) => ({
        applicationId,
        openedByMe: byMe,
        note,
        openedAt: createdAt,
        closedAt,
        open: closedAt === null,
      })),
    reports: myReports,
    notificationSettings: { emailNotifications: me.emailNotifications, kinds: kindSettingsFrom(myNotificationChoices) },
    pushDevices: myPushDevices,
  };
}

export type MyDataExport = Awaited<ReturnType<typeof exportMyData>>;

/** The download's file name: the site, the member's handle and the day. */
export function exportFileName(username: string, now = new Date()) {
  const safe = username.replace(/[^A-Za-z0-9_-]/g, "") || "member";
  return `cardshare-${safe}-${now.toISOString().slice(0, 10)}.json`;
}
