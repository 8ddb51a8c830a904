/**
 * One statement of each write rule (docs/decisions/095-rules-derived-once.md): the SQL that guards a
 * write is built from the same conditions the TypeScript reads to refuse it or to say why it was
 * refused, and the unread count a chat's fan-out sends is the header's. Each test tries the states
 * the rule reads and fails where the two could disagree.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { APPLICATION_STATUSES, OUTCOME_STEPS, type OutcomeStep } from "../../db/enums";
import { applicationOutcomes, applications, blocks, chatMembers, chats, messages, referrals } from "../../db/schema";
import { makeDirectChat, makeMessage } from "../../db/factories";
import { contextFor } from "~/core/context.server";
import { announceMirrored } from "~/modules/chats/room/mirror.server";
import { countUnread } from "~/modules/chats/queries.server";
import type { ChatMessage } from "~/modules/realtime/protocol";
import { applyConditions, applyRefusal } from "~/modules/applications/apply.server";
import { stepGuard } from "~/modules/outcomes/outcomes.server";
import { orderRefusal } from "~/modules/outcomes/steps";
import { APPLICATION_MESSAGES } from "~/modules/applications/status";
import { createSignedInUser, testDb } from "./helpers";
import { addApplicant, createMarket } from "./market-helpers";

/** Every subset of the steps. */
const SUBSETS = Array.from({ length: 1 << OUTCOME_STEPS.length }, (_, mask) =>
  OUTCOME_STEPS.filter((_, bit) => mask & (1 << bit)),
);

describe("an outcome step's order: orderRefusal and the batch's guard", () => {
  it("allow exactly the same steps in every status, share and set of recorded steps", async () => {
    const db = testDb();
    const { application } = await createMarket();
    const disagreements: string[] = [];
    for (const status of APPLICATION_STATUSES) {
      for (const percent of [0, 20]) {
        await db
          .update(applications)
          .set({ status, promisedSharePercent: percent })
          .where(eq(applications.id, application.id));
        for (const recorded of SUBSETS) {
          await db.delete(applicationOutcomes).where(eq(applicationOutcomes.applicationId, application.id));
          if (recorded.length)
            await db
              .insert(applicationOutcomes)
              .values(
                recorded.map((step) => ({ applicationId: application.id, referrerId: application.referrerId, step })),
              );
          const open = OUTCOME_STEPS.filter((step) => !recorded.includes(step));
          if (!open.length) continue;
          const guards = await db.get<Record<OutcomeStep, number>>(
            sql`select ${sql.join(
              open.map((step) => sql`${stepGuard(step, application.id)} as ${sql.identifier(step)}`),
              sql`, `,
            )}`,
          );
          for (const step of open) {
            const allowed = orderRefusal(step, { status, promisedSharePercent: percent, recorded: new Set(recorded) });
            if ((allowed === null) !== Boolean(guards?.[step]))
              disagreements.push(
                `${step} in ${status}, ${percent}%, after [${recorded}]: TS ${allowed}, SQL ${guards?.[step]}`,
              );
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe("applying: the slot's guard and the reason given", () => {
  it("agree in every state of the referral, and the reason is the first condition that fails", async () => {
    const db = testDb();
    const { referral, referrer } = await createMarket();
    const applicant = await createSignedInUser();
    const disagreements: string[] = [];
    for (const isActive of [true, false])
      for (const cardActive of [true, false])
        for (const referrerActive of [true, false])
          for (const available of [null, 0, 2])
            for (const applied of [false, true])
              for (const who of [applicant.user.id, referrer.user.id]) {
                await db
                  .update(referrals)
                  .set({ isActive, cardActive, referrerActive, availableReferCount: available })
                  .where(eq(referrals.id, referral.id));
                await db.delete(applications).where(eq(applications.referralId, referral.id));
                if (applied) await addApplicant(referral, { applicantId: who });
                const guard = await db
                  .select({ id: referrals.id })
                  .from(referrals)
                  .where(
                    sql`${referrals.id} = ${referral.id} and ${sql.join(
                      applyConditions(referral.id, who).map(({ holds }) => sql`(${holds})`),
                      sql` and `,
                    )}`,
                  )
                  .get();
                const refusal = await applyRefusal({ db }, { referralId: referral.id, applicantId: who });
                // The rule as docs/product.md#applications words it, in the order a refusal is told.
                const expected =
                  who === referrer.user.id
                    ? APPLICATION_MESSAGES.ownReferral
                    : applied
                      ? APPLICATION_MESSAGES.alreadyApplied
                      : !isActive || !cardActive || !referrerActive
                        ? APPLICATION_MESSAGES.inactive
                        : available === 0
                          ? APPLICATION_MESSAGES.noSlots
                          : null;
                const state = JSON.stringify({ isActive, cardActive, referrerActive, available, applied, who });
                if (Boolean(guard) !== (refusal === null)) disagreements.push(`guard and reason in ${state}`);
                if ((refusal?.message ?? null) !== expected) disagreements.push(`${refusal?.message} in ${state}`);
              }
    expect(disagreements).toEqual([]);
    expect(await applyRefusal({ db }, { referralId: "gone", applicantId: applicant.user.id })).toMatchObject({
      status: 409,
      message: APPLICATION_MESSAGES.inactive,
    });
  });
});

describe("the unread count: the header's and the one fan-out sends", () => {
  it("are the same for every recipient, hidden chats and blocks included", async () => {
    const db = testDb();
    const [ann, ben, cat] = await Promise.all([createSignedInUser(), createSignedInUser(), createSignedInUser()]);
    const [a, b, c] = [ann.user.id, ben.user.id, cat.user.id];
    const pairs = [
      makeDirectChat(a, b),
      makeDirectChat(a, c),
      makeDirectChat(b, c, { isDirectChat: false, directKey: null }),
    ];
    // A group with all three, where Cat blocked Ben: its messages do not count for Cat.
    pairs[2].members.push({ ...pairs[2].members[0], userId: a });
    for (const { chat, members } of pairs) {
      await db.insert(chats).values(chat);
      await db.insert(chatMembers).values(members);
    }
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db
      .insert(messages)
      .values([
        makeMessage(pairs[0].chat.id, a, { createdAt: at(9) }),
        makeMessage(pairs[0].chat.id, b, { createdAt: at(8) }),
        makeMessage(pairs[1].chat.id, c, { createdAt: at(7) }),
        makeMessage(pairs[1].chat.id, c, { createdAt: at(6) }),
        makeMessage(pairs[2].chat.id, a, { createdAt: at(5) }),
        makeMessage(pairs[2].chat.id, b, { createdAt: at(4) }),
      ]);
    // Ann read the chat with Cat up to its first message; Ben hid the one with Ann.
    await db
      .update(chatMembers)
      .set({ lastReadAt: at(6.5) })
      .where(sql`${chatMembers.chatId} = ${pairs[1].chat.id} and ${chatMembers.userId} = ${a}`);
    await db
      .update(chatMembers)
      .set({ hiddenAt: at(1) })
      .where(sql`${chatMembers.chatId} = ${pairs[0].chat.id} and ${chatMembers.userId} = ${b}`);
    await db.insert(blocks).values({ blockerId: c, blockedId: b });

    const sent = new Map<string, number>();
    const realtime = {
      toUser: async (userId: string, frame: { type: string; count?: number }) => {
        if (frame.type === "unread") sent.set(userId, frame.count!);
        return 1;
      },
    };
    const news: ChatMessage = {
      id: "m",
      chatId: pairs[2].chat.id,
      content: "hello",
      timestamp: new Date().toISOString(),
      sender: "someone else",
      senderName: "Someone",
      isAssistant: false,
      read: false,
      clientId: null,
    };
    await announceMirrored({ db, realtime, waitUntil: () => {}, notifications: {} } as never, {
      chatId: pairs[2].chat.id,
      messages: [news],
    });
    const header = async (userId: string) => countUnread(contextFor({ db } as never, { id: userId, isAdmin: false }));
    expect(Object.fromEntries(sent)).toEqual({ [a]: await header(a), [b]: await header(b), [c]: await header(c) });
    // Ann: Ben's, Cat's second, Ben's in the group; Ben: Ann's in the group (his chat with her hidden);
    // Cat: none (she blocked Ben, who is in the group).
    expect([sent.get(a), sent.get(b), sent.get(c)]).toEqual([3, 1, 0]);
  });
});
