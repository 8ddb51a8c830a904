import PartySocket from "partysocket";
import { describe, expect, it } from "vitest";
import { SOCKET_RECONNECT } from "~/modules/realtime/use-room-socket";

describe("the socket's reconnection schedule", () => {
  it("waits 1000 ms, then twice as long each time, never more than the spec's 5000 ms", () => {
    // A socket that never connects: only partysocket's own delay computation is exercised.
    const socket = new PartySocket({
      ...SOCKET_RECONNECT,
      host: "localhost",
      room: "test",
      startClosed: true,
      WebSocket: class {} as unknown as typeof WebSocket,
    });
    const internals = socket as unknown as { _retryCount: number; _getNextDelay(): number };
    const delays = [1, 2, 3, 4, 5].map((retry) => {
      internals._retryCount = retry;
      return internals._getNextDelay();
    });
    expect(delays).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(SOCKET_RECONNECT.maxRetries).toBe(5);
    expect(SOCKET_RECONNECT.connectionTimeout).toBe(20_000);
  });
});
