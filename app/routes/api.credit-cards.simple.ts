import { simpleAction } from "~/modules/cards/api.server";
import { methodNotAllowed } from "~/utils/api.server";

export const loader = () => methodNotAllowed();
export const action = simpleAction;
