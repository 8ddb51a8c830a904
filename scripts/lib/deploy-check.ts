import { isLoopbackHost } from "../../app/utils/env.server";

/**
 * Why the plain variables wrangler would deploy are not fit for production, or [] when they are:
 * development mode (the email outbox and the test checkout) and an origin that is not the live
 * site's https address. Secrets are not checked here: they never live in wrangler.toml.
 */
export function deployProblems(vars: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const environment = vars.ENVIRONMENT ?? "production";
  if (environment !== "production") {
    problems.push(
      `ENVIRONMENT is "${String(environment)}": set ENVIRONMENT = "production" in wrangler.toml [vars] ` +
        "(development serves everyone's emails at /dev/mail and a fake checkout).",
    );
  }
  let origin: URL | null = null;
  try {
    origin = typeof vars.APP_ORIGIN === "string" ? new URL(vars.APP_ORIGIN) : null;
  } catch {
    origin = null;
  }
  if (!origin || origin.protocol !== "https:" || isLoopbackHost(origin.hostname)) {
    problems.push(
      `APP_ORIGIN is ${JSON.stringify(vars.APP_ORIGIN ?? null)}: set it to the site's https origin ` +
        "(links in emails, allowed origins and Stripe return URLs use it).",
    );
  }
  return problems;
}
