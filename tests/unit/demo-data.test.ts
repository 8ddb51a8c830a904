import { describe, expect, it } from "vitest";
import { APPLICATION_STATUSES, BONUS_UNITS, CARD_CATEGORIES } from "../../db/schema";
import { buildBenchReferrals, buildDemoData } from "../../db/seed/demo";

const demo = buildDemoData("pbkdf2-sha256$1$c2FsdA==$aGFzaA==");

describe("demo data", () => {
  it("has a real catalogue of 40+ cards across every category, many issuers and valid units", () => {
    expect(demo.cards.length).toBeGreaterThanOrEqual(40);
    expect(new Set(demo.cards.map((card) => card.category))).toEqual(new Set(CARD_CATEGORIES));
    expect(new Set(demo.cards.map((card) => card.issuer)).size).toBeGreaterThanOrEqual(8);
    for (const card of demo.cards) {
      expect(BONUS_UNITS).toContain(card.referralBonusUnit);
      expect(card.officialWebsite).toMatch(/^https:\/\//);
      expect(card.annualFee).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(demo.cards.map((card) => card.name)).size).toBe(demo.cards.length);
  });

  it("has one admin and at least 8 members, with unique usernames and emails", () => {
    expect(demo.users.filter((user) => user.isAdmin)).toHaveLength(1);
    expect(demo.users.filter((user) => !user.isAdmin).length).toBeGreaterThanOrEqual(8);
    expect(new Set(demo.users.map((user) => user.username.toLowerCase())).size).toBe(demo.users.length);
    expect(new Set(demo.users.map((user) => user.email)).size).toBe(demo.users.length);
  });

  it("has 30+ referrals, never two active ones for the same card and referrer", () => {
    expect(demo.referrals.length).toBeGreaterThanOrEqual(30);
    const active = demo.referrals
      .filter((referral) => referral.isActive)
      .map((r) => `${r.referrerId}:${r.creditCardId}`);
    expect(new Set(active).size).toBe(active.length);
  });

  it("has applications in every status, none to the applicant's own referral, counters matching", () => {
    expect(new Set(demo.applications.map((application) => application.status))).toEqual(new Set(APPLICATION_STATUSES));
    for (const application of demo.applications) expect(application.applicantId).not.toBe(application.referrerId);
    for (const referral of demo.referrals) {
      const count = demo.applications.filter((application) => application.referralId === referral.id).length;
      expect(referral.applicationsCount).toBe(count);
    }
  });

  it("has rated reviews, replies and a follow-up, each reply pointing at a review", () => {
    const reviews = demo.comments.filter((comment) => comment.commentType === "applicantToReferrer");
    expect(reviews.length).toBeGreaterThan(5);
    for (const review of reviews) expect(review.rating).toBeGreaterThanOrEqual(1);
    const replies = demo.comments.filter((comment) => comment.commentType !== "applicantToReferrer");
    expect(replies.some((comment) => comment.commentType === "referrerReply")).toBe(true);
    expect(replies.some((comment) => comment.commentType === "followUpComment")).toBe(true);
    const reviewIds = new Set(reviews.map((review) => review.id));
    for (const reply of replies) expect(reviewIds.has(reply.originalCommentId!)).toBe(true);
  });

  it("has two chats with messages between their members", () => {
    expect(demo.chats).toHaveLength(2);
    for (const chat of demo.chats) {
      const members = demo.chatMembers.filter((member) => member.chatId === chat.id).map((member) => member.userId);
      const messages = demo.messages.filter((message) => message.chatId === chat.id);
      expect(messages.length).toBeGreaterThan(1);
      for (const message of messages) expect(members).toContain(message.senderId);
    }
  });

  it("is the same on every run", () => {
    const again = buildDemoData("pbkdf2-sha256$1$c2FsdA==$aGFzaA==");
    expect(again.referrals.map((referral) => referral.sharingBenefitPortion)).toEqual(
      demo.referrals.map((referral) => referral.sharingBenefitPortion),
    );
  });

  it("spreads bench referrals so no user refers a card twice", () => {
    const bench = buildBenchReferrals(500, demo.cards, "hash");
    expect(bench.referrals).toHaveLength(500);
    const keys = bench.referrals.map((referral) => `${referral.referrerId}:${referral.creditCardId}`);
    expect(new Set(keys).size).toBe(500);
  });
});
