import { changePasswordAction } from "~/modules/users/api-actions.server";

export const action = changePasswordAction;
