/**
 * The Worker's queue() handler (server.ts): a batch of the notifications queue is delivered, one of
 * its dead-letter queue recorded (ADR 180). Queue work runs on the primary binding: no client waits.
 */
import { createDb } from "../../../db/client";
import { parseEnv } from "~/utils/env.server";
import { deliverBatch, recordDeadLetters } from "./deliver.server";
import { NOTIFICATION_QUEUE, type NotificationMessage } from "./messages.server";

export async function consumeNotifications(batch: MessageBatch<unknown>, env: Env) {
  const db = createDb(env.DB);
  const messages = batch as MessageBatch<NotificationMessage>;
  if (batch.queue === NOTIFICATION_QUEUE.deadLetter) return recordDeadLetters(db, messages);
  const appEnv = parseEnv(env as unknown as Record<string, unknown>);
  await deliverBatch({ env: appEnv, db, now: Date.now, retryBaseSeconds: appEnv.NOTIFICATION_RETRY_SECONDS }, messages);
}
