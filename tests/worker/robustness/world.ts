/**
 * The data each route is tried against: a member who owns a card's referral, another member who
 * applied through it, reviewed it and chats with the owner, and an admin, all signed in. Made
 * afresh for every route, so what one route's accepted requests change (a deleted card, an ended
 * session) does not blunt the next route's checks.
 */
import { createId } from "../../../db/id";
import {
  makeApplication,
  makeCard,
  makeComment,
  makeDirectChat,
  makeMessage,
  makeReferral,
} from "../../../db/factories";
import { applications, chatMembers, chats, comments, creditCards, messages, referrals } from "../../../db/schema";
import { createSignedInUser, testDb } from "../helpers";

export const ROLES = ["anonymous", "member", "admin"] as const;
export type Role = (typeof ROLES)[number];

export async function createWorld() {
  const [member, other, admin] = await Promise.all([
    createSignedInUser(),
    createSignedInUser(),
    createSignedInUser({ isAdmin: true }),
  ]);
  const card = makeCard();
  const referral = makeReferral(member.user.id, card.id, { code: createId(8), applicationsCount: 1 });
  const application = makeApplication(referral, other.user.id);
  const comment = makeComment(referral.id, other.user.id, { applicationId: application.id });
  const { chat, members } = makeDirectChat(member.user.id, other.user.id);
  const db = testDb();
  await db.batch([
    db.insert(creditCards).values(card),
    db.insert(referrals).values(referral),
    db.insert(applications).values(application),
    db.insert(comments).values(comment),
    db.insert(chats).values(chat),
    db.insert(chatMembers).values(members),
    db.insert(messages).values(makeMessage(chat.id, other.user.id)),
  ]);
  return { member, other, admin, card, referral, application, comment, chat };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

export function tokenOf(world: World, role: Role): string | null {
  return role === "anonymous" ? null : world[role].token;
}

/** What an id names, by the parameter's or field's name, else by the path it sits in. */
const BY_NAME: [RegExp, (world: World) => string][] = [
  [/^(userId|referrerId|applicantId|ownerId)$/, (world) => world.member.user.id],
  [/^(targetUserId|otherUserId)$/, (world) => world.other.user.id],
  [/^referralId$/, (world) => world.referral.id],
  [/^(cardId|creditCardId)$/, (world) => world.card.id],
  [/^applicationId$/, (world) => world.application.id],
  [/^(commentId|originalCommentId)$/, (world) => world.comment.id],
  [/^chatId$/, (world) => world.chat.id],
  [/^code$/, (world) => world.referral.code!],
  [/^slug$/, (world) => world.card.slug],
];
const BY_PATH: [RegExp, (world: World) => string][] = [
  [/\/chats?(\/|$)/, (world) => world.chat.id],
  [/credit-?cards/, (world) => world.card.id],
  [/card-apply|applications/, (world) => world.application.id],
  [/profile|users/, (world) => world.member.user.id],
  [/referrals|refer|apply/, (world) => world.referral.id],
];

/**
 * The real id for a path parameter or an id-like body field, or undefined when nothing says what
 * it names (the suite then says so, so that a converter adds a rule here).
 */
export function realId(world: World, path: string, name: string): string | undefined {
  const byName = BY_NAME.find(([pattern]) => pattern.test(name));
  if (byName) return byName[1](world);
  if (name !== "id" && !/Id$/.test(name)) return undefined;
  const at = path.indexOf(`{${name}}`);
  const before = at > 0 ? path.slice(0, at) : path;
  return BY_PATH.find(([pattern]) => pattern.test(before))?.[1](world);
}

export const BOGUS_ID = "robustness0missing0id";
