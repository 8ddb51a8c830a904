import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../server";

/** The Worker's own scheduled handler, as the cron trigger calls it, run to its end (its waitUntil too). */
export async function runCron(envOverrides: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const controller = createScheduledController({ scheduledTime: new Date(), cron: "*/15 * * * *" });
  await worker.scheduled(controller, { ...env, ...envOverrides }, ctx);
  await waitOnExecutionContext(ctx);
}
