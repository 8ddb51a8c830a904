import { byIdLoader } from "~/modules/referrals/api.server";

/** GET id/{id}: one referral. */
export const loader = byIdLoader;
export const action = byIdLoader;
