import { byCodeLoader } from "~/modules/referrals/api.server";

/** GET code/{code}: one referral by its short public code. */
export const loader = byCodeLoader;
export const action = byCodeLoader;
