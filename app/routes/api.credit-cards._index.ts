import { createAction, listLoader } from "~/modules/cards/api.server";

export const loader = listLoader;
export const action = createAction;
