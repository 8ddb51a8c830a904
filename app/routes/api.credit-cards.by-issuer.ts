import { byIssuerLoader } from "~/modules/cards/api.server";

export const loader = byIssuerLoader;
