import {
  ClipboardCheck,
  Coins,
  Link2,
  MessageCircle,
  Search,
  Star,
  TrendingUp,
  Users,
  type LucideIcon,
} from "lucide-react";
import { SectionHeading } from "./section-heading";

interface Benefit {
  icon: LucideIcon;
  title: string;
  body: string;
}

const APPLICANT_BENEFITS: Benefit[] = [
  {
    icon: Search,
    title: "Every referral in one place",
    body: "Filter by issuer, bonus, annual fee and credit score band to find the card that fits you.",
  },
  {
    icon: Coins,
    title: "Get part of the bonus back",
    body: "Many referrers offer to share a percentage of their referral bonus, stated clearly on each offer.",
  },
  {
    icon: Star,
    title: "Pick referrers you can trust",
    body: "Ratings and reviews from earlier applicants show who follows through on what they promise.",
  },
  {
    icon: ClipboardCheck,
    title: "Track every application",
    body: "Keep the status, notes and comments for each application together in your dashboard.",
  },
];

const REFERRER_BENEFITS: Benefit[] = [
  {
    icon: Link2,
    title: "Publish a referral in minutes",
    body: "Choose the card, paste your referral link, set your sharing offer and you are live.",
  },
  {
    icon: Users,
    title: "Reach people ready to apply",
    body: "Your link is seen by applicants who are actively comparing offers for that card.",
  },
  {
    icon: MessageCircle,
    title: "Answer questions in real time",
    body: "Built-in chat with typing indicators and read marks keeps every conversation in one place.",
  },
  {
    icon: TrendingUp,
    title: "Build your reputation",
    body: "Successful referrals and reviews add up on your public profile and help you stand out.",
  },
];

export function Benefits() {
  return (
    <section aria-labelledby="benefits-heading" className="border-b border-line bg-surface py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="benefits-heading" eyebrow="Community benefits" title="Better for both sides of a referral">
          Applicants find trustworthy referrals and share in the reward. Referrers put their links in front of the right
          people.
        </SectionHeading>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <BenefitColumn id="benefits-applicants" title="For applicants" items={APPLICANT_BENEFITS} />
          <BenefitColumn id="benefits-referrers" title="For referrers" items={REFERRER_BENEFITS} />
        </div>
      </div>
    </section>
  );
}

function BenefitColumn({ id, title, items }: { id: string; title: string; items: Benefit[] }) {
  return (
    <div className="rounded-card border border-line bg-canvas p-6 sm:p-8">
      <h3 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-6 space-y-6">
        {items.map(({ icon: Icon, title: itemTitle, body }) => (
          <li key={itemTitle} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-card border border-line bg-surface text-brand-700">
              <Icon aria-hidden className="size-5" />
            </span>
            <div>
              <p className="font-medium text-ink">{itemTitle}</p>
              <p className="mt-1 text-sm leading-6 text-muted">{body}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
