import { profileAction } from "~/modules/users/api-actions.server";

export const action = profileAction;
