import { addPeopleAction } from "~/modules/referrals/api.server";

/** POST add-people {referralId}: the caller applied through the referral. */
export const action = addPeopleAction;
export const loader = addPeopleAction;
