/**
 * Sending a message from the Worker (the page's form post, /api): handed to the chat's room by RPC,
 * which stores it in its own storage, delivers it and then mirrors it to D1 (ADR 040). Nothing here
 * touches D1: the room checks membership against the members it holds.
 */
import { requireActor, type Ctx } from "~/core/context.server";
import { DomainError } from "~/core/errors";
import type { ChatMessage } from "~/modules/realtime/protocol";
import type { SendMessageInput } from "../schemas";

/**
 * Sends a message as the acting member: once per clientId (a retried optimistic send answers the
 * stored message). Refusals keep their statuses: 404 not a member, 409 nobody else in the chat, 429
 * too fast, 400 bad content. `waitForMirror` (the no-JS page, whose next page load reads D1) waits
 * briefly until D1 has the message too.
 */
export async function sendMessage(
  ctx: Pick<Ctx, "realtime" | "actor">,
  input: SendMessageInput & { chatId: string; waitForMirror?: boolean },
): Promise<ChatMessage> {
  const actor = requireActor(ctx);
  const answer = await ctx.realtime.sendToChat(input.chatId, {
    userId: actor.id,
    content: input.content,
    clientId: input.clientId ?? null,
    waitForMirror: input.waitForMirror,
  });
  if (!answer.ok) throw new DomainError(answer.status, answer.message);
  return answer.message;
}
