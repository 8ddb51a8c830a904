import { userReferralsLoader } from "~/modules/referrals/api.server";

/** GET {userId}: a user's referrals (privacy applied; the owner sees inactive ones too). */
export const loader = userReferralsLoader;
export const action = userReferralsLoader;
