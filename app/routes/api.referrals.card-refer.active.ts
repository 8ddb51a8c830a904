import { activeLoader } from "~/modules/referrals/api.server";

/** GET active referrals: the /apply search (q, minCredit, minSharing, maxFee, sort, slot, cursor). */
export const loader = activeLoader;
export const action = activeLoader;
