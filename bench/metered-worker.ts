/**
 * The Worker the bench serves (`bench/workerd-server.ts --main bench/metered-worker.ts`, from
 * bench/run.ts; docs/decisions/210): the app's own entry (server.ts) with the bench's D1 meter
 * around it. Each request's D1 binding is metered (bench/d1-meter.ts) and the response says what
 * it cost in `x-d1-meter`; a chat room's own D1 calls are metered from the socket that last
 * joined it, so a simulated distance (`x-bench-d1-rtt`) reaches the room's writes too. Nothing of
 * this is in the deployed Worker.
 */
import type { ConnectionContext } from "partyserver";
import { createDb } from "../db/client";
import worker, { ChatRoom as AppChatRoom, UserNotifications } from "../server";
import type { RoomConnection } from "../party/authenticated-room";
import { meterForRequest, withMeterHeader } from "./d1-meter";

export { UserNotifications };

/** The app's chat room, its D1 calls delayed as the sockets that join it ask. */
export class ChatRoom extends AppChatRoom {
  #d1: D1Database | undefined;

  protected override db() {
    return createDb(this.#d1 ?? this.env.DB);
  }

  override async onConnect(connection: RoomConnection, ctx: ConnectionContext) {
    this.#d1 = meterForRequest(this.env, ctx.request).db;
    await super.onConnect(connection, ctx);
  }
}

export default {
  ...worker,
  async fetch(request, env, ctx) {
    const meter = meterForRequest(env, request);
    return withMeterHeader(await worker.fetch(request, { ...env, DB: meter.db }, ctx), meter);
  },
} satisfies ExportedHandler<Env>;
