/**
 * The demo marketplace `npm start` loads into an empty database: the card catalogue, an admin,
 * demo users with referrals, applications in every status, reviews with replies and follow-ups,
 * and two chats. Built with the test factories; repeatable through a seeded generator.
 */
import {
  between,
  makeApplication,
  makeCard,
  makeComment,
  makeDirectChat,
  makeMessage,
  makeReferral,
  makeUser,
  pick,
  seededRng,
  SUCCESSFUL_STATUSES,
  type NewApplication,
  type NewCard,
  type NewChatMember,
  type NewChat,
  type NewComment,
  type NewMessage,
  type NewReferral,
  type NewUser,
} from "../factories";
import { APPLICATION_STATUSES } from "../schema";
import { OUTCOME_STATUSES } from "../enums";
import { cardSlug } from "../../app/core/card-slug";
import { catalogueCards } from "./cards";
import { programOfCard, SEED_VALUATIONS } from "./valuations";
import { shareCentsFrom } from "../../app/core/share-money";

/** Development-only credentials, documented in the README. */
export const DEMO_PASSWORD = "Cardshare2026";
export const DEMO_ADMIN_EMAIL = "admin@cardshare.local";

const DEMO_PEOPLE = [
  { username: "alice", firstName: "Alice", lastName: "Nguyen", bio: "Travel hacker. Points over cash, always." },
  { username: "ben", firstName: "Ben", lastName: "Okafor", bio: "Cash back minimalist with two cards." },
  { username: "carla", firstName: "Carla", lastName: "Mendes", bio: "Small business owner, Ink fan." },
  { username: "devon", firstName: "Devon", lastName: "Price", bio: "Grad student building credit." },
  { username: "emma", firstName: "Emma", lastName: "Schultz", bio: "Hotel loyalty nerd.", showFullName: false },
  { username: "farid", firstName: "Farid", lastName: "Haddad", bio: "Airline miles collector.", showEmail: true },
  {
    username: "grace",
    firstName: "Grace",
    lastName: "Kim",
    bio: "Shares half of every bonus.",
    showApplications: false,
  },
  { username: "hiro", firstName: "Hiro", lastName: "Tanaka", bio: "Rewards optimiser." },
  { username: "ines", firstName: "Ines", lastName: "Rossi", bio: "New to the points game.", showReferrals: false },
] as const;

const ADDITIONAL_INFO = [
  "Happy to answer questions about the card before you apply.",
  "Apply from a desktop browser; the mobile page sometimes drops the referral.",
  "I share my bonus by Zelle within a week of your approval posting.",
  "Message me in chat once you are approved so I can track it.",
  "",
];

const REVIEWS = [
  "Quick replies and the bonus split arrived as promised.",
  "Link worked first time, approved in minutes.",
  "Helpful tips on which offer to pick. Recommended.",
  "Took a while to hear back, but everything was honoured.",
  "",
];

export interface DemoData {
  users: NewUser[];
  cards: NewCard[];
  referrals: NewReferral[];
  applications: NewApplication[];
  comments: NewComment[];
  chats: NewChat[];
  chatMembers: NewChatMember[];
  messages: NewMessage[];
}

const DAY = 24 * 60 * 60 * 1000;

/** Builds the demo data; `passwordHash` is the hash of DEMO_PASSWORD, computed once by the caller. */
const DEMO_METHODS = ["zelle", "paypal", "venmo", "cashapp", "giftcard"] as const;

export function buildDemoData(passwordHash: string, now = new Date("2026-11-20T12:00:00Z")): DemoData {
  const rng = seededRng(2026);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY - between(rng, 0, DAY / 2));

  const admin = makeUser({
    username: "admin",
    email: DEMO_ADMIN_EMAIL,
    firstName: "Ada",
    lastName: "Admin",
    isAdmin: true,
    passwordHash,
    createdAt: daysAgo(120),
  });
  const people = DEMO_PEOPLE.map((person, index) =>
    makeUser({
      ...person,
      email: `${person.username}@cardshare.local`,
      passwordHash,
      createdAt: daysAgo(100 - index * 5),
    }),
  );

  const cards = catalogueCards.map((card, index) =>
    makeCard({
      name: card.name,
      slug: cardSlug(card.name),
      issuer: card.issuer,
      category: card.category,
      annualFee: card.annualFee,
      hasVariousReferrerBonus: card.hasVariousReferrerBonus,
      referralBonusAmount: card.referralBonus.amount,
      referralBonusUnit: card.referralBonus.unit,
      benefitForReferrer: card.benefitForReferrer,
      applyBenefitWithReferral: card.applyBenefitWithReferral,
      offerAmount: card.welcomeOffer.amount,
      offerUnit: card.welcomeOffer.unit,
      offerMinSpend: card.welcomeOffer.minSpend,
      offerMonths: card.welcomeOffer.months,
      description: card.description,
      officialWebsite: card.officialWebsite,
      maxReferCount: card.maxReferCount,
      rewardsProgramId: programOfCard(card.name),
      createdById: admin.id,
      createdAt: daysAgo(150 - index),
    }),
  );

  // Each demo user refers four or five distinct cards.
  const referrals: NewReferral[] = [];
  for (const [personIndex, person] of people.entries()) {
    const count = 4 + (personIndex % 2);
    const start = (personIndex * 5) % cards.length;
    for (let offset = 0; offset < count; offset++) {
      const card = cards[(start + offset * 3) % cards.length];
      const sharing = pick(rng, [0, 0, 10, 20, 25, 30, 50]);
      // The share as money (docs/decisions/185): from the bonus at its program's value; Alice has
      // not confirmed her first one yet (My Referrals asks her to).
      const bonusAmount = card.referralBonusAmount || 100;
      const cents = SEED_VALUATIONS.find((valuation) => valuation.id === card.rewardsProgramId)?.centsPerPoint;
      const unconfirmed = personIndex === 0 && offset === 0;
      const createdAt = daysAgo(90 - personIndex * 6 - offset);
      referrals.push(
        makeReferral(person.id, card.id, {
          referralLink: `https://refer.${card.issuer.toLowerCase().replace(/[^a-z]+/g, "")}.example/${person.username}/${card.id.slice(0, 8)}`,
          referrerCredit: pick(rng, [null, 640, 690, 715, 742, 760, 781, 805]),
          sharingBenefitPortion: sharing,
          shareAmountCents: shareCentsFrom(
            sharing,
            { amount: bonusAmount, unit: card.referralBonusUnit ?? "USD" },
            cents,
          ),
          shareMethod:
            sharing > 0 && !unconfirmed ? DEMO_METHODS[(personIndex + offset) % DEMO_METHODS.length] : "chat",
          shareDeadlineDays: 7,
          shareTermsSetAt: sharing > 0 && !unconfirmed ? createdAt : null,
          specialReferrerBonusAmount: sharing > 0 ? bonusAmount : null,
          specialReferrerBonusUnit: sharing > 0 ? card.referralBonusUnit : null,
          specialApplicantBonusIsHigher: offset === 0 && personIndex % 3 === 0,
          specialApplicantBonus:
            offset === 0 && personIndex % 3 === 0 ? "Targeted offer: 20,000 more points than the public offer" : null,
          availableReferCount: pick(rng, [null, null, 2, 3, 5, 8, 12]),
          additionalInfo: pick(rng, ADDITIONAL_INFO),
          isActive: !(personIndex === 3 && offset === count - 1),
          createdAt,
        }),
      );
    }
  }

  // Applications in every status, each to someone else's referral.
  const applications: NewApplication[] = [];
  const applied = new Set<string>();
  for (let index = 0; applications.length < 24; index++) {
    const referral = referrals[(index * 7) % referrals.length];
    const applicant = people[(index * 5 + 2) % people.length];
    const key = `${referral.id}:${applicant.id}`;
    if (applicant.id === referral.referrerId || applied.has(key)) continue;
    applied.add(key);
    const createdAt = daysAgo(40 - index);
    applications.push(
      makeApplication(referral, applicant.id, {
        status: APPLICATION_STATUSES[applications.length % APPLICATION_STATUSES.length],
        additionalInfo: index % 3 === 0 ? "Applied on the issuer's site through this link." : "",
        createdAt,
        updatedAt: index % 2 === 0 ? new Date(createdAt.getTime() + 3 * DAY) : createdAt,
      }),
    );
  }
  for (const referral of referrals) {
    const mine = applications.filter((application) => application.referralId === referral.id);
    referral.applicationsCount = mine.length;
    referral.successfulCount = mine.filter((application) => SUCCESSFUL_STATUSES.includes(application.status!)).length;
  }

  // Reviews on most applications, a reply from the referrer on some, a follow-up on one.
  const comments: NewComment[] = [];
  for (const [index, application] of applications.entries()) {
    if (index % 4 === 3) continue;
    const review = makeComment(application.referralId, application.applicantId, {
      applicationId: application.id,
      comment: pick(rng, REVIEWS) || "This user did not leave a comment",
      rating: pick(rng, [5, 5, 4, 4, 3, 2]),
      createdAt: new Date(application.createdAt!.getTime() + DAY),
    });
    // Most applicants whose application has its outcome confirmed their rating (docs/decisions/175).
    if ((OUTCOME_STATUSES as readonly string[]).includes(application.status!) && index % 5 !== 4) {
      review.confirmedRating = Math.min(5, review.rating! + (index % 2));
      review.ratingConfirmedAt = new Date(application.createdAt!.getTime() + 4 * DAY);
    }
    comments.push(review);
    if (index % 3 === 0) {
      comments.push(
        makeComment(application.referralId, application.referrerId, {
          commentType: "referrerReply",
          comment: "Thanks for applying through my link! Glad it worked out.",
          rating: null,
          originalCommentId: review.id,
          createdAt: new Date(review.createdAt!.getTime() + DAY / 2),
        }),
      );
    }
    if (index === 1) {
      comments.push(
        makeComment(application.referralId, application.applicantId, {
          commentType: "followUpComment",
          comment: "Update: the bonus posted and the referrer sent my share. Raising my rating.",
          rating: 5,
          ratingUpdated: true,
          originalCommentId: review.id,
          createdAt: new Date(review.createdAt!.getTime() + 2 * DAY),
        }),
      );
    }
  }

  // Each referrer's reputation, as the comments domain keeps it: every review counted, and the mean
  // of the verified ones' confirmed ratings (the seed's follow-ups come before the confirmations).
  for (const person of people) {
    const reviews = comments
      .filter((review) => review.commentType === "applicantToReferrer")
      .filter((review) => referrals.find((referral) => referral.id === review.referralId)?.referrerId === person.id);
    const verified = reviews
      .filter((review) => review.ratingConfirmedAt != null)
      .filter((review) => {
        const status = applications.find((application) => application.id === review.applicationId)?.status;
        return (OUTCOME_STATUSES as readonly string[]).includes(status!);
      })
      .map((review) => review.confirmedRating!);
    person.reviewCount = reviews.length;
    person.verifiedReviewCount = verified.length;
    person.rating = verified.length > 0 ? verified.reduce((sum, rating) => sum + rating, 0) / verified.length : null;
  }

  // Two direct chats with a short conversation each.
  const chats: NewChat[] = [];
  const chatMembers: NewChatMember[] = [];
  const messages: NewMessage[] = [];
  const conversations: [NewUser, NewUser, string[]][] = [
    [
      people[0],
      people[1],
      [
        "Hi Ben! I saw your Sapphire referral. Does the 50% split include the anniversary bonus?",
        "Hi Alice, just the sign-up bonus. I send it once the points post.",
        "Perfect, applying tonight.",
      ],
    ],
    [people[2], people[5], ["Is your Ink referral still open?", "Yes, two slots left this year."]],
  ];
  for (const [chatIndex, [first, second, lines]] of conversations.entries()) {
    const started = daysAgo(6 - chatIndex * 2);
    const { chat, members } = makeDirectChat(first.id, second.id, {
      name: `${first.firstName} & ${second.firstName}`,
      createdAt: started,
    });
    lines.forEach((content, index) => {
      messages.push(
        makeMessage(chat.id, index % 2 === 0 ? first.id : second.id, {
          content,
          createdAt: new Date(started.getTime() + index * 15 * 60 * 1000),
          readAt: index < lines.length - 1 ? new Date(started.getTime() + (index + 1) * 15 * 60 * 1000) : null,
        }),
      );
    });
    const lastAt = messages[messages.length - 1].createdAt!;
    chat.lastMessageAt = lastAt;
    chat.updatedAt = lastAt;
    // The sender of the last message has read everything; the other member has one unread.
    const lastSender = messages[messages.length - 1].senderId;
    for (const member of members)
      member.lastReadAt = member.userId === lastSender ? lastAt : new Date(lastAt.getTime() - 1);
    chats.push(chat);
    chatMembers.push(...members);
  }

  return { users: [admin, ...people], cards, referrals, applications, comments, chats, chatMembers, messages };
}

/**
 * Extra referrals for the benchmark: `count` referrals spread over generated users, each user
 * taking distinct cards so the one-active-referral-per-card rule holds.
 */
export function buildBenchReferrals(count: number, cards: NewCard[], passwordHash: string) {
  const rng = seededRng(count);
  const users: NewUser[] = [];
  const referrals: NewReferral[] = [];
  const base = new Date("2026-01-01T00:00:00Z").getTime();
  for (let index = 0; index < count; index++) {
    const slot = index % cards.length;
    if (slot === 0) {
      const number = users.length + 1;
      users.push(makeUser({ username: `bench${number}`, email: `bench${number}@cardshare.local`, passwordHash }));
    }
    const owner = users[users.length - 1];
    referrals.push(
      makeReferral(owner.id, cards[slot].id, {
        referralLink: `https://refer.bench.example/${owner.username}/${slot}`,
        referrerCredit: between(rng, 600, 820),
        sharingBenefitPortion: pick(rng, [0, 10, 20, 25, 30, 50]),
        availableReferCount: pick(rng, [null, 1, 3, 5, 10]),
        additionalInfo: pick(rng, ADDITIONAL_INFO),
        createdAt: new Date(base + index * 60_000),
      }),
    );
  }
  return { users, referrals };
}
