import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { createGoogleAuthenticator, isGoogleEnabled } from "~/modules/auth/google.server";
import { requireAnonymous, shouldUseSecureCookies } from "~/utils/auth.server";
import { getServices } from "~/utils/services.server";

/** Starts the Google redirect flow (a POST, so another site cannot start it for a visitor). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context);
  const services = getServices(context);
  if (!isGoogleEnabled(services)) throw new Response("Not found", { status: 404 });
  // Throws the redirect to Google with the state cookie.
  await createGoogleAuthenticator(services, shouldUseSecureCookies(request)).authenticate("google", request);
  return redirect("/auth");
}

export function loader() {
  return redirect("/auth");
}
