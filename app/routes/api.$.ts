import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiFailure } from "~/utils/api.server";

/** Unknown /api paths answer in the envelope, with the spec's 404 text, never an HTML page. */
function notFound({ request }: { request: Request }) {
  const url = new URL(request.url);
  return apiFailure(404, `Endpoint ${url.pathname} not found. Please check API URL.`);
}

export const loader = (args: LoaderFunctionArgs) => notFound(args);
export const action = (args: ActionFunctionArgs) => notFound(args);
