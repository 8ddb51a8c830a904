import { z } from "zod";
import { assertSelf } from "~/core/actor";
import { endpoint, jsonRoute } from "~/http/json-route.server";
import { ReferralSchema } from "~/modules/referrals/present";
import { previewReferral, referralSchemaFor } from "~/modules/referrals/referrals.server";
import { ReferralInputSchema } from "~/modules/referrals/schemas";
import { presentShare, ShareFieldsSchema } from "~/modules/shares/present";
import { CARD_CATEGORIES } from "../../db/enums";

/** The referral as it would be created (the input after its rules), with what the preview adds. */
const ProcessedReferralSchema = ReferralSchema.pick({
  referrerCredit: true,
  sharingBenefitPortion: true,
  additionalInfo: true,
  specialApplicantBonus: true,
  specialReferrerBonus: true,
  availableReferCount: true,
}).extend({
  // The share as money, beside the spec's fields (docs/decisions/185).
  ...ShareFieldsSchema.shape,
  referrer: z.string().nullish(),
  creditCardId: z.string(),
  newCard: z
    .looseObject({ name: z.string(), issuer: z.string(), category: z.enum(CARD_CATEGORIES), annualFee: z.number() })
    .optional(),
  referralLink: z.string(),
  normalizedLink: z.string().describe("The link as duplicates are compared"),
  duplicateLink: z.boolean().describe("Whether another member already publishes this link"),
});

export const loader = jsonRoute({
  POST: endpoint({
    summary: "Check a referral without saving it",
    description: "The preview step: the same body and checks as generate, answered with what would be saved.",
    access: "member",
    body: ReferralInputSchema,
    bodyFor: referralSchemaFor,
    response: z.object({ data: ProcessedReferralSchema }),
    errors: [403, 409],
    async run({ ctx, user, body }) {
      assertSelf(body.referrer, user.id, "You can only create referrals as yourself.", "referrer");
      const { normalizedLink, duplicateOfId } = await previewReferral(ctx, body);
      const share = presentShare({
        ...body,
        shareMethodNote: body.shareMethodNote || null,
        shareTermsSetAt: body.shareTermsSet ? new Date() : null,
      });
      return { data: { ...body, ...share, normalizedLink, duplicateLink: duplicateOfId !== null } };
    },
  }),
});
export const action = loader;
