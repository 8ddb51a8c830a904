import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormMessage } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { formatAnnualFee, formatBonus } from "~/modules/cards/display";
import { creditScoreBand } from "~/modules/referrals/display";
import { shareText } from "~/modules/shares/terms";
import { referUrl, type Draft } from "./flow";

type ListedCard = { id: string; name: string; issuer: string; annualFee: number };

/** Every value as it will be published, in the order of the form. */
function previewRows(draft: Draft, card: ListedCard | undefined): [string, ReactNode][] {
  const shown = card ?? draft.newCard;
  return [
    ["Card", `${shown?.name ?? ""}${card ? "" : " (new card)"}`],
    ["Issuer", shown?.issuer ?? ""],
    ["Annual fee", formatAnnualFee(shown?.annualFee ?? 0)],
    ["Referral link", draft.referralLink],
    [
      "Your credit score",
      draft.referrerCredit !== null
        ? `Shown to applicants: Approved with ${draft.referrerCredit} · ${creditScoreBand(draft.referrerCredit)?.label ?? ""}`
        : "Not shown",
    ],
    ["Sharing", draft.sharingBenefitPortion > 0 ? `${draft.sharingBenefitPortion}% of the bonus` : "None"],
    [
      "The applicant receives",
      shareText({
        percent: draft.sharingBenefitPortion,
        amountCents: draft.shareAmountCents,
        method: draft.shareMethod,
        methodNote: draft.shareMethodNote ?? null,
        deadlineDays: draft.shareDeadlineDays,
      }) ?? "Nothing shared",
    ],
    ["Your special referral bonus", draft.specialReferrerBonus ? formatBonus(draft.specialReferrerBonus) : "None"],
    ["Special bonus for applicants", draft.specialApplicantBonus?.bonus ?? "None"],
    ["Available referrals", draft.availableReferCount ?? "Unlimited"],
    ["Additional info", draft.additionalInfo || "None"],
  ];
}

/** Why the referral will wait for an admin once created (docs/decisions/155). */
function waitingNote(draft: Draft, unlistedHost: boolean) {
  if (draft.newCard) {
    return "A card you add waits for an admin's review: until then only you see this referral.";
  }
  let host = "This link's site";
  try {
    host = new URL(draft.referralLink).hostname;
  } catch {
    // The schema checked the URL; the fallback words stay true.
  }
  return unlistedHost
    ? `${host} is not one of this issuer's known sites, so an admin checks the link before it goes live. To go live at once, use the issuer's own referral link.`
    : "";
}

/**
 * Step 3 (docs/product.md#refer): the checked referral, a note when another member already shares
 * the link, Edit (back to step 2 with the values) and Confirm & Create. The draft travels as one
 * JSON field and the action checks it again with the same schema, so nothing here is trusted.
 */
export function PreviewStep({
  issuer,
  draft,
  card,
  duplicateLink,
  waitsForReview,
}: {
  issuer: string;
  draft: Draft;
  card: ListedCard | undefined;
  duplicateLink: boolean;
  /** Its host is not one the card's issuer lists (docs/decisions/155). */
  waitsForReview: boolean;
}) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  return (
    <Form method="post" action={referUrl("details", issuer)} className="space-y-4">
      <input type="hidden" name="draft" value={JSON.stringify(draft)} />
      {duplicateLink ? (
        <FormMessage tone="info">
          Another member already shares this link. You can still publish it; our team reviews duplicates.
        </FormMessage>
      ) : null}
      {waitsForReview || draft.newCard ? (
        <FormMessage tone="info">{waitingNote(draft, waitsForReview)}</FormMessage>
      ) : null}
      <dl className="divide-y divide-line rounded-card border border-line">
        {previewRows(draft, card).map(([label, value]) => (
          <div key={label} className="grid gap-1 px-4 py-2 text-sm sm:grid-cols-3">
            <dt className="text-muted">{label}</dt>
            <dd className="break-words sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex gap-3">
        <Button type="submit" name="intent" value="edit" variant="secondary">
          Edit
        </Button>
        <Button type="submit" name="intent" value="create" disabled={creating}>
          {creating ? "Creating..." : "Confirm & Create"}
        </Button>
      </div>
    </Form>
  );
}
