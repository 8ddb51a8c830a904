import { createDb } from "../db/client";
import type { Ctx } from "../app/core/context.server";
import { DomainError } from "../app/core/errors";
import { markChatRead } from "../app/modules/chats/commands.server";
import { messagesAfter } from "../app/modules/chats/queries.server";
import type { ClientFrame } from "../app/modules/realtime/protocol";
import { createRealtime } from "../app/modules/realtime/realtime.server";
import { parseEnv } from "../app/utils/env.server";
import { AuthenticatedRoom, type RoomConnection } from "./authenticated-room";

/**
 * One room per chat (room name = chat id): live messages, typing and read marks. Messages are
 * written to D1 by the Worker and published here; this room reads D1 only to send a reconnecting
 * client what it missed, and records read marks through the same chats module as POST .../read.
 */
export class ChatRoom extends AuthenticatedRoom {
  protected async onFrame(connection: RoomConnection, userId: string, frame: Exclude<ClientFrame, { type: "ping" }>) {
    if (frame.chatId !== this.name) {
      this.send(connection, { type: "error", message: "This room is for another chat" });
      return;
    }
    try {
      switch (frame.type) {
        case "join-chat": {
          const missed = frame.after
            ? await messagesAfter(this.contextFor(userId), { chatId: this.name, after: frame.after })
            : [];
          for (const message of missed) this.send(connection, { type: "receive-message", chatId: this.name, message });
          this.send(connection, { type: "joined", chatId: this.name, missed: missed.length });
          break;
        }
        case "typing":
          await this.publish(
            { type: "user-typing", chatId: this.name, userId, isTyping: frame.isTyping },
            { exceptUser: userId },
          );
          break;
        case "mark-read":
          await markChatRead(this.contextFor(userId), { chatId: this.name, timestamp: frame.timestamp });
          break;
        default:
          frame satisfies never;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.send(connection, { type: "error", message: error.message });
    }
  }

  /**
   * The chats module's context for a connection's member: the room publishes to itself directly,
   * to other rooms through the bindings. Rooms act with a member's rights only (the Worker does not
   * forward the role): no chat rule depends on it.
   */
  private contextFor(userId: string): Ctx {
    return {
      db: createDb(this.env.DB),
      env: parseEnv(this.env as unknown as Record<string, unknown>),
      realtime: createRealtime(this.env, {
        chatId: this.name,
        publish: (frame, options) => this.publish(frame, options),
      }),
      waitUntil: (promise) => this.ctx.waitUntil(promise),
      actor: { id: userId, isAdmin: false },
    };
  }
}
