/**
 * The items of /admin/review (docs/decisions/155): a link or a member's card with what an admin
 * needs to judge it, and its answers as plain forms (they work without JavaScript). A refusal
 * comes back beside the item it was about.
 */
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Inbox } from "lucide-react";
import { CheckboxField, SelectField, TextareaField } from "~/components/forms/field";
import { FormError } from "~/components/forms/form-error";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/core/format";
import type { LinkReviewReason } from "../../../db/enums";
import { LinkCheckNote } from "./link-check-note";
import { LINK_REVIEW_LABELS } from "./rules";
import { REVIEW_REASON_MAX } from "./schemas";

interface ReviewLink {
  id: string;
  link: string;
  reason: string;
  reviewHeldAt: string | Date | null;
  isActive: boolean;
  createdAt: string | Date;
  linkCheckStatus: number | null;
  linkCheckHost: string | null;
  linkCheckedAt: string | Date | null;
  cardName: string;
  issuer: string;
  ownerId: string;
  owner: string;
  domain: string | null;
}

interface ReviewCard {
  id: string;
  name: string;
  issuer: string;
  category: string;
  annualFee: number;
  referralBonusAmount: number;
  referralBonusUnit: string;
  description: string;
  officialWebsite: string | null;
  active: boolean;
  createdAt: string | Date;
  creator: string | null;
  referralsCount: number;
}

export function QueueEmpty({ text }: { text: string }) {
  return (
    <div className="mt-3 flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-8 text-center">
      <Inbox aria-hidden className="size-7 text-muted" />
      <p className="mt-2 text-muted">{text}</p>
    </div>
  );
}

/** The refusal of the last post when it was about this item. */
function useRefusal(itemId: string) {
  const answer = useActionData<{ ok: boolean; id?: string | null; message?: string }>();
  return answer && !answer.ok && answer.id === itemId ? answer : undefined;
}

function WhyField({ itemId }: { itemId: string }) {
  return (
    <TextareaField
      label="Why (for the audit log)"
      textareaProps={{ id: `why-${itemId}`, name: "reason", rows: 1, maxLength: REVIEW_REASON_MAX }}
    />
  );
}

function Badge({ children }: { children: React.ReactNode }) {
  return <span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-medium">{children}</span>;
}

export function LinkReviewItem({ link }: { link: ReviewLink }) {
  const refusal = useRefusal(link.id);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("referralId") === link.id;
  return (
    <li className="rounded-card border border-line bg-surface p-4 sm:p-6">
      <h3 className="font-semibold">
        {link.cardName} <span className="text-sm font-normal text-muted">({link.issuer})</span>{" "}
        <span className="text-sm font-normal text-muted">by @{link.owner}</span>
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <Badge>
          {link.reviewHeldAt ? "Held until reviewed" : link.isActive ? "Live, flagged" : "Inactive, flagged"}
        </Badge>
        <span>{LINK_REVIEW_LABELS[link.reason as LinkReviewReason] ?? link.reason}</span>
      </p>
      <p className="mt-2 text-sm break-all">
        Link: <code className="rounded bg-canvas px-1">{link.link}</code>
      </p>
      <p className="mt-1 text-xs text-muted">Published {formatDate(link.createdAt)}</p>
      <LinkCheckNote
        check={
          link.linkCheckedAt
            ? { status: link.linkCheckStatus ?? 0, host: link.linkCheckHost, checkedAt: link.linkCheckedAt }
            : null
        }
      />
      <FormError message={refusal?.message} answer={refusal} />
      <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <input type="hidden" name="id" value={link.id} />
        <input type="hidden" name="referralId" value={link.id} />
        <div className="grid gap-3">
          <WhyField itemId={link.id} />
          {link.domain && link.reason === "unlisted-host" ? (
            <CheckboxField
              label={`When approving, also list ${link.domain} for ${link.issuer}`}
              inputProps={{ id: `list-${link.id}`, name: "listDomain" }}
            />
          ) : null}
        </div>
        <Button type="submit" name="intent" value="approve-link" disabled={busy}>
          Approve
        </Button>
        <Button type="submit" name="intent" value="reject-link" variant="secondary" disabled={busy}>
          Reject
        </Button>
      </Form>
    </li>
  );
}

export function CardReviewItem({
  card,
  targets,
}: {
  card: ReviewCard;
  targets: readonly { id: string; name: string; issuer: string }[];
}) {
  const refusal = useRefusal(card.id);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("cardId") === card.id;
  // The card's own issuer first: the likely home of a merge.
  const sameIssuer = targets.filter((target) => target.issuer.toLowerCase() === card.issuer.toLowerCase());
  const others = targets.filter((target) => !sameIssuer.includes(target));
  const options = [...sameIssuer, ...others].map((target) => [target.id, `${target.issuer}: ${target.name}`] as const);
  return (
    <li className="rounded-card border border-line bg-surface p-4 sm:p-6">
      <h3 className="font-semibold">
        {card.name} <span className="text-sm font-normal text-muted">({card.issuer})</span>
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <Badge>{card.active ? "Live, added before review" : "Waiting for review"}</Badge>
        <span className="text-muted">
          Added by {card.creator ? `@${card.creator}` : "a deleted member"}, {formatDate(card.createdAt)};{" "}
          {card.referralsCount} {card.referralsCount === 1 ? "referral" : "referrals"}
        </span>
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Category</dt>
        <dd>{card.category}</dd>
        <dt className="text-muted">Annual fee</dt>
        <dd>${card.annualFee}</dd>
        <dt className="text-muted">Referral bonus</dt>
        <dd>
          {card.referralBonusAmount} {card.referralBonusUnit}
        </dd>
        <dt className="text-muted">Website</dt>
        <dd className="break-all">{card.officialWebsite ?? "Not given"}</dd>
        <dt className="text-muted">Description</dt>
        <dd className="break-words whitespace-pre-wrap">{card.description || "None"}</dd>
      </dl>
      <FormError message={refusal?.message} answer={refusal} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Form method="post" className="grid gap-3 rounded-card bg-canvas p-3">
          <input type="hidden" name="id" value={card.id} />
          <input type="hidden" name="cardId" value={card.id} />
          <WhyField itemId={`approve-${card.id}`} />
          <Button type="submit" name="intent" value="approve-card" disabled={busy}>
            Approve into the catalogue
          </Button>
        </Form>
        <Form method="post" className="grid gap-3 rounded-card bg-canvas p-3">
          <input type="hidden" name="id" value={card.id} />
          <input type="hidden" name="cardId" value={card.id} />
          <SelectField
            label="Merge into"
            placeholder="Choose a catalogue card"
            options={options}
            selectProps={{ id: `into-${card.id}`, name: "intoCardId", required: true }}
          />
          <WhyField itemId={`merge-${card.id}`} />
          <Button type="submit" name="intent" value="merge-card" variant="secondary" disabled={busy}>
            Merge and move its referrals
          </Button>
        </Form>
      </div>
    </li>
  );
}
