/**
 * The admin review forms (/admin/review, docs/decisions/155): a link or a member's card approved,
 * rejected or merged, each with an optional 'Why' for the audit log; and an issuer's link domains.
 */
import { z } from "zod";
import { checkbox, optionalText } from "~/utils/zod-fields";

export const REVIEW_REASON_MAX = 500;
const why = optionalText(REVIEW_REASON_MAX, `Keep the reason under ${REVIEW_REASON_MAX} characters.`);
const anId = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

export const ApproveLinkSchema = z.object({
  referralId: anId("Say which referral."),
  listDomain: checkbox,
  reason: why,
});
export const RejectLinkSchema = z.object({ referralId: anId("Say which referral."), reason: why });
export const ApproveCardSchema = z.object({ cardId: anId("Say which card."), reason: why });
export const MergeCardSchema = z.object({
  cardId: anId("Say which card."),
  intoCardId: anId("Choose a catalogue card to merge into."),
  reason: why,
});

export const IssuerDomainsSchema = z.object({
  issuer: z.string({ error: "Say which issuer." }).trim().min(1, "Say which issuer.").max(80),
  domains: z.preprocess((value) => value ?? "", z.string().max(4000, "That list is too long.")),
});
