import { createDb } from "../db/client";
import { markChatRead, messagesAfter } from "../app/modules/chats/chats.server";
import { createRealtime } from "../app/modules/realtime/realtime.server";
import { parseEnv } from "../app/utils/env.server";
import { DomainError } from "../app/core/errors";
import { AuthenticatedRoom, type RoomConnection } from "./authenticated-room";
import type { ClientFrame } from "./protocol";

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
          const missed = frame.after ? await messagesAfter(createDb(this.env.DB), userId, this.name, frame.after) : [];
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
        case "mark-read": {
          const services = {
            db: createDb(this.env.DB),
            env: parseEnv(this.env as unknown as Record<string, unknown>),
            realtime: createRealtime(this.env, { chatId: this.name, publish: (f, o) => this.publish(f, o) }),
          };
          await markChatRead(services, userId, this.name, frame.timestamp);
          break;
        }
        default:
          frame satisfies never;
      }
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.send(connection, { type: "error", message: error.message });
    }
  }
}
