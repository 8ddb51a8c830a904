import { privacyAction } from "~/modules/users/api-actions.server";

export const action = privacyAction;
