import { cardAction, cardLoader } from "~/modules/cards/api.server";

export const loader = cardLoader;
export const action = cardAction;
