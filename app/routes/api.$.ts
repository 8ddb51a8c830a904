import { apiNotFound } from "~/http/json-route.server";

export const loader = apiNotFound();
export const action = loader;
