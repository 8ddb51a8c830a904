import { Server, type Connection, type ConnectionContext } from "partyserver";
import { parseClientFrame, USER_ID_HEADER, type ServerFrame } from "./protocol";

export type ConnectionIdentity = { userId: string };

/**
 * A room whose connections were authenticated by the Worker (server.ts) before reaching it. The
 * identity is kept with `setState` so it survives hibernation.
 */
export abstract class AuthenticatedRoom extends Server<Env> {
  static options = { hibernate: true };

  onConnect(connection: Connection<ConnectionIdentity>, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get(USER_ID_HEADER);
    if (!userId) {
      connection.close(1008, "Not authenticated");
      return;
    }
    connection.setState({ userId });
    this.send(connection, { type: "welcome", userId, room: this.name });
  }

  onMessage(connection: Connection<ConnectionIdentity>, raw: string | ArrayBuffer) {
    const frame = parseClientFrame(raw);
    const userId = connection.state?.userId;
    if ("error" in frame || !userId) {
      this.send(connection, { type: "error", message: "error" in frame ? frame.error : "Not authenticated" });
      return;
    }
    switch (frame.type) {
      case "ping":
        this.send(connection, { type: "pong", id: frame.id, userId });
        break;
      default:
        frame.type satisfies never;
    }
  }

  protected send(connection: Connection, frame: ServerFrame) {
    connection.send(JSON.stringify(frame));
  }
}
