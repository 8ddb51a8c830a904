import { DomainError } from "~/core/errors";
import { isDevelopment, type AppEnv } from "./env.server";

/** Development tools (the email outbox) do not exist outside ENVIRONMENT=development: a 404. */
export function assertDevelopment(env: Pick<AppEnv, "ENVIRONMENT">) {
  if (!isDevelopment(env)) throw new DomainError(404, "Not found");
}
