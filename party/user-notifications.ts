import type { UserNotificationsRpc } from "../app/modules/realtime/protocol";
import { AuthenticatedRoom, type RoomConnection } from "./authenticated-room";

/**
 * One room per user (room name = user id): new-message notifications and the unread count on
 * every page the user has open. The Worker publishes here after writing to D1; clients only ping.
 */
export class UserNotifications extends AuthenticatedRoom implements UserNotificationsRpc {
  protected readonly roomName = "UserNotifications";
  protected onFrame(connection: RoomConnection, _userId: string, frame: { type: string }) {
    this.send(connection, { type: "error", message: `${frame.type} is not supported in this room` });
  }

  /**
   * RPC from the Worker when the member deletes their account (ADR 153): the room's storage (its
   * name, the session-expiry alarm) goes. Their sockets are closed by `closeUser`.
   */
  async forgetUser() {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }
}
