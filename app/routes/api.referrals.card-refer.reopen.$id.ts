import { reopenAction } from "~/modules/referrals/api.server";

/** POST reopen/{id}: owner only. */
export const action = reopenAction;
export const loader = reopenAction;
