/**
 * The Worker's JavaScript heap, beside workerd's RSS: through the V8 inspector workerd opens for
 * the soak (bench/workerd-server.ts --inspector-port), each isolate's heap after a full garbage
 * collection. RSS also holds SQLite's pages, sockets and the allocator's free lists; a heap that
 * grows after collection is what a leak in the app would look like.
 */
import WebSocket from "ws";

interface Target {
  title: string;
  webSocketDebuggerUrl: string;
}

/**
 * One inspector call on a fresh connection to a target. workerd hands inspector messages to the
 * isolate when it next runs: the caller keeps the Worker busy meanwhile (an idle Worker would never
 * answer).
 */
async function call(target: Target, methods: string[], timeoutMs: number): Promise<Record<string, unknown>> {
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  try {
    let result: Record<string, unknown> = {};
    for (const [index, method] of methods.entries()) {
      result = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${method} timed out`)), timeoutMs);
        socket.on("message", (data) => {
          const message = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown> };
          if (message.id === index + 1) {
            clearTimeout(timer);
            resolve(message.result ?? {});
          }
        });
        socket.send(JSON.stringify({ id: index + 1, method }));
      });
    }
    return result;
  } finally {
    socket.close();
  }
}

export interface CollectedHeaps {
  /** The app's isolate (Miniflare names the user's Worker `core:user:<name>`; its Durable Objects run in it too). */
  app: number;
  /** What V8 holds for the app's isolate after the collection. */
  appCommitted: number;
  /** The local D1's isolate. */
  d1: number;
  /** Every isolate workerd runs for Miniflare (the app, D1, cache, assets, queues, ...): used and held. */
  all: number;
  allCommitted: number;
  isolates: number;
}

/**
 * MiB of JS heap in use after a full collection of every isolate (null: no inspector). Every one
 * is collected, not only the app's: the runtime's own isolates (D1, the cache, assets, queues)
 * carry tens of MiB of garbage between their collections, and garbage holds native memory
 * (request and result buffers) that workerd's allocator only gets back when V8 collects it
 * (docs/decisions/221). They are asked together, while one request every 250 ms keeps the Worker
 * running; one that does not answer within 10 s is left out.
 */
export async function collectedHeapMiB(inspectorPort: number, origin: string): Promise<CollectedHeaps | null> {
  const poking = setInterval(
    () =>
      void fetch(`${origin}/api/health`)
        .then((response) => response.arrayBuffer())
        .catch(() => {}),
    250,
  );
  try {
    const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Target[];
    const heaps = new Map<string, { used: number; committed: number }>();
    await Promise.all(
      targets.map(async (target) => {
        const heap = await call(target, ["HeapProfiler.collectGarbage", "Runtime.getHeapUsage"], 10_000).catch(
          () => null,
        );
        if (!heap) return;
        const id = target.webSocketDebuggerUrl.split("/").pop() ?? target.title;
        heaps.set(id, { used: Number(heap.usedSize ?? 0) / MIB, committed: Number(heap.totalSize ?? 0) / MIB });
      }),
    );
    const sum = (key: "used" | "committed") => [...heaps.values()].reduce((total, heap) => total + heap[key], 0);
    return {
      app: heaps.get("core:user:")?.used ?? NaN,
      appCommitted: heaps.get("core:user:")?.committed ?? NaN,
      d1: heaps.get("d1:db")?.used ?? NaN,
      all: sum("used"),
      allCommitted: sum("committed"),
      isolates: heaps.size,
    };
  } catch {
    return null;
  } finally {
    clearInterval(poking);
  }
}

const MIB = 1024 * 1024;
