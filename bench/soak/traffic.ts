/**
 * The soak's simulated people. Visitors read the public pages (/, /cards, card pages, /r/{code});
 * members search and filter /apply, open referrals, apply, take the outcome steps of their
 * applications on both sides (referrer: bonus posted, share paid, a reply to the review;
 * applicant: bonus received, share received, the review), open their own pages, and as referrers
 * retire a referral, create a new one for the card and edit it. Each waits a random think time
 * between actions, so the load is people's, not a flood.
 */
import type { Recorder } from "./http";

export interface Member {
  id: string;
  email: string;
  token: string;
}

export interface SeededReferral {
  id: string;
  referrerId: string;
  cardId: string;
  code: string | null;
  /**
   * A host the card's issuer lists (issuer_domains), or null: a new link on any other host is held
   * for review (ADR 155), and a held referral counts as active for its card, so the next round's
   * retire (a no-op 2xx on it) and create answered 409 'already have an active referral'.
   */
  linkHost: string | null;
}

export interface World {
  members: Member[];
  referrals: SeededReferral[];
  cardSlugs: string[];
  cardIds: string[];
  /** Applications made during the soak, and the outcome step each has reached. */
  applications: Application[];
}

interface Application {
  id: string;
  referralId: string;
  applicant: string;
  referrer: string;
  /** 0 applied, 1 bonus posted, 2 bonus received, 3 share paid, 4 share received, 5 reviewed, 6 replied. */
  stage: number;
  /** The share the referrer promised when the member applied: none, and the share steps are skipped. */
  sharePromised: boolean;
  reviewId?: string;
  busy: boolean;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

/** Which side takes each stage's next step, and how. */
const STEPS: { by: "referrer" | "applicant"; body?: Record<string, unknown> }[] = [
  { by: "referrer", body: { step: "bonus-posted" } },
  { by: "applicant", body: { step: "bonus-received" } },
  { by: "referrer", body: { step: "share-paid", amount: 50, method: "paypal", note: "Paid during the soak" } },
  { by: "applicant", body: { step: "share-received" } },
  { by: "applicant" },
  { by: "referrer" },
];

export class Traffic {
  constructor(
    private readonly http: Recorder,
    private readonly world: World,
  ) {}

  async visitor() {
    const { http, world } = this;
    const roll = Math.random();
    if (roll < 0.25) await http.request("GET /", "/");
    else if (roll < 0.45)
      await http.request("GET /cards", pick(["/cards", "/cards?category=Travel&sort=share", "/cards?q=chase"]));
    else if (roll < 0.75) await http.request("GET /cards/:slug", `/cards/${pick(world.cardSlugs)}`);
    else {
      const coded = world.referrals.filter((referral) => referral.code);
      if (coded.length > 0) await http.request("GET /r/:code", `/r/${pick(coded).code}`);
    }
  }

  async member(member: Member) {
    const roll = Math.random();
    if (roll < 0.25) return this.searchApply(member);
    if (roll < 0.4) return this.openReferral(member);
    if (roll < 0.52) return this.apply(member);
    if (roll < 0.75) return this.outcomeStep(member);
    if (roll < 0.85) return this.ownPages(member);
    return this.refer(member);
  }

  private searchApply(member: Member) {
    const path = pick([
      "/apply?r=0",
      "/apply?q=travel",
      "/apply?minCredit=700&minSharing=20&maxFee=99&sort=bonus_desc",
      "/apply?q=chase&sort=share_desc",
    ]);
    return this.http.request("GET /apply", path, { token: member.token });
  }

  private openReferral(member: Member) {
    const referral = pick(this.world.referrals);
    return this.http.request("GET /apply/:id", `/apply/${referral.id}`, { token: member.token });
  }

  private async apply(member: Member) {
    const referral = pick(this.world.referrals.filter((candidate) => candidate.referrerId !== member.id));
    const answer = await this.http.request("POST /api/applications/card-apply", "/api/applications/card-apply", {
      token: member.token,
      body: { referralId: referral.id },
    });
    const data = (answer?.json as { data?: { _id?: string; promisedShare?: { percent: number } } } | null)?.data;
    const id = data?._id;
    if (answer?.status === 201 && id) {
      this.world.applications.push({
        id,
        sharePromised: (data?.promisedShare?.percent ?? 0) > 0,
        referralId: referral.id,
        applicant: member.id,
        referrer: referral.referrerId,
        stage: 0,
        busy: false,
      });
    }
  }

  /** The next step of one of the member's applications that waits on them (either side). */
  private async outcomeStep(member: Member) {
    const waiting = this.world.applications.filter(
      (application) =>
        !application.busy && application.stage < STEPS.length && application[STEPS[application.stage].by] === member.id,
    );
    if (waiting.length === 0) return this.ownPages(member);
    const application = pick(waiting);
    const step = STEPS[application.stage];
    application.busy = true;
    try {
      let answer;
      if (step.body) {
        answer = await this.http.request(
          "POST /api/applications/card-apply/:id/outcome",
          `/api/applications/card-apply/${application.id}/outcome`,
          { token: member.token, body: step.body },
        );
      } else if (application.stage === 4) {
        answer = await this.http.request(
          "POST /api/referrals/card-refer/comment",
          "/api/referrals/card-refer/comment",
          {
            token: member.token,
            body: {
              commentType: "applicantToReferrer",
              referralId: application.referralId,
              rating: 5,
              comment: "Smooth, paid on time.",
            },
          },
        );
        application.reviewId = (answer?.json as { data?: { _id?: string } } | null)?.data?._id;
      } else {
        answer = await this.http.request(
          "POST /api/referrals/card-refer/comment",
          "/api/referrals/card-refer/comment",
          {
            token: member.token,
            body: {
              commentType: "referrerReply",
              referralId: application.referralId,
              originalCommentId: application.reviewId,
              comment: "Thank you!",
            },
          },
        );
      }
      // Without a promised share there is nothing to pay: a review follows the bonus.
      if (answer && answer.status < 300)
        application.stage += application.stage === 1 && !application.sharePromised ? 3 : 1;
      // A refused step (a 4xx) ends that application's journey: the table shows the refusals.
      else if (answer) application.stage = STEPS.length;
    } finally {
      application.busy = false;
    }
  }

  private ownPages(member: Member) {
    const path = pick(["/refer", "/dashboard/my-referrals", "/chat", "/dashboard/my-applications"]);
    return this.http.request(`GET ${path}`, path, { token: member.token });
  }

  /** A referrer retires one of their referrals, creates a new one for the same card, and edits it. */
  private async refer(member: Member) {
    const own = this.world.referrals.filter((referral) => referral.referrerId === member.id && referral.linkHost);
    if (own.length === 0) return this.ownPages(member);
    const old = pick(own);
    const retired = await this.http.request(
      "POST /api/referrals/card-refer/mark-inactive/:id",
      `/api/referrals/card-refer/mark-inactive/${old.id}`,
      { token: member.token, body: {} },
    );
    if (!retired || retired.status >= 300) return;
    this.world.referrals.splice(this.world.referrals.indexOf(old), 1);
    const draft = {
      creditCardId: old.cardId,
      referralLink: `https://${old.linkHost}/soak/${member.id}/${Date.now()}`,
      sharingBenefitPortion: 20,
      specialReferrerBonus: { amount: 100, unit: "USD" },
      additionalInfo: "Created during the soak",
    };
    const created = await this.http.request(
      "POST /api/referrals/card-refer/generate",
      "/api/referrals/card-refer/generate",
      {
        token: member.token,
        body: draft,
      },
    );
    const fresh = (created?.json as { data?: { _id?: string; code?: string } } | null)?.data;
    if (!fresh?._id) return;
    this.world.referrals.push({ ...old, id: fresh._id, code: fresh.code ?? null });
    await this.http.request("PUT /api/referrals/card-refer/:id", `/api/referrals/card-refer/${fresh._id}`, {
      method: "PUT",
      token: member.token,
      body: { ...draft, sharingBenefitPortion: 25, additionalInfo: "Edited during the soak" },
    });
  }
}
