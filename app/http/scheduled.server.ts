/**
 * The cron's steps, each on its own (docs/decisions/065-logs-and-error-reports.md): one that throws
 * is logged and reported, and the steps after it still run. Each step is an invocation of its own
 * (request id, `cron:<step>` route, D1 calls, one line when it ends).
 */
import { createDb, type Db } from "../../db/client";
import { logInvocation, noteUnexpected, startInvocation } from "~/core/log";
import { countD1Calls } from "~/utils/d1-meter.server";
import { errorReporter } from "./error-report.server";
// The notifications queue's producer port (ADR 180), a type-only import.
import type { NotificationQueue } from "~/modules/notifications/messages.server";

export interface ScheduledStep {
  name: string;
  run: (db: Db, scheduledTime: number, notifications: NotificationQueue) => Promise<unknown>;
}

/** Runs every step in order; answers which ones failed. */
export async function runScheduledSteps(
  steps: readonly ScheduledStep[],
  env: { DB: D1Database; NOTIFICATIONS: NotificationQueue; SENTRY_DSN?: string; ENVIRONMENT?: string },
  ctx: Pick<ExecutionContext, "waitUntil">,
  scheduledTime: number,
): Promise<string[]> {
  const report = errorReporter(env, (promise) => ctx.waitUntil(promise));
  const failed: string[] = [];
  for (const step of steps) {
    const invocation = startInvocation("cron", `cron:${step.name}`, { report });
    const d1 = countD1Calls(env.DB);
    try {
      await step.run(createDb(d1.db), scheduledTime, env.NOTIFICATIONS);
    } catch (error) {
      failed.push(step.name);
      noteUnexpected(invocation, error, "scheduled");
    }
    logInvocation(invocation, { failed: failed.includes(step.name), d1Calls: d1.calls() });
  }
  return failed;
}
