import { cardApplyAction } from "~/modules/referrals/api.server";

/** POST card-apply {referralId, cardId, userId}: apply through a referral (the GET list is added by the applications issue). */
export const action = cardApplyAction;
