import { generateAction } from "~/modules/referrals/api.server";

/** POST generate: creates a referral (spec section 7 payload). */
export const action = generateAction;
export const loader = generateAction;
