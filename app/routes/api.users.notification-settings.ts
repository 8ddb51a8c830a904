import { notificationsAction } from "~/modules/users/api-actions.server";

export const action = notificationsAction;
