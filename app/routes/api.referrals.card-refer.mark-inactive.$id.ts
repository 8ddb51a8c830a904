import { markInactiveAction } from "~/modules/referrals/api.server";

/** POST mark-inactive/{id}: owner only. */
export const action = markInactiveAction;
export const loader = markInactiveAction;
