import { processAction } from "~/modules/referrals/api.server";

/** POST process: validates a referral and previews it without saving. */
export const action = processAction;
export const loader = processAction;
