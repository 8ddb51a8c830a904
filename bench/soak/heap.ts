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
 * isolate when it next runs, so a request is made every 250 ms until the answer comes (an idle
 * Worker would never answer).
 */
async function call(target: Target, methods: string[], poke: () => Promise<unknown>): Promise<Record<string, unknown>> {
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const poking = setInterval(() => void poke().catch(() => {}), 250);
  try {
    let result: Record<string, unknown> = {};
    for (const [index, method] of methods.entries()) {
      result = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${method} timed out`)), 60_000);
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
    clearInterval(poking);
    socket.close();
  }
}

/**
 * MiB of JS heap in use after a full collection (and what V8 holds for it): the app's isolate (Miniflare names the user's
 * Worker `core:user:<name>`; its Durable Objects run in it too) and the local D1's (null: no inspector).
 */
export async function collectedHeapMiB(
  inspectorPort: number,
  origin: string,
): Promise<{ app: number; appCommitted: number; d1: number } | null> {
  const poke = () => fetch(`${origin}/api/health`).then((response) => response.arrayBuffer());
  try {
    const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as Target[];
    const usage = async (id: string) => {
      const target = targets.find((candidate) => candidate.webSocketDebuggerUrl.endsWith(`/${id}`));
      if (!target) return { used: NaN, committed: NaN };
      const heap = await call(target, ["HeapProfiler.collectGarbage", "Runtime.getHeapUsage"], poke);
      return { used: Number(heap.usedSize ?? 0) / 1024 / 1024, committed: Number(heap.totalSize ?? 0) / 1024 / 1024 };
    };
    const app = await usage("core:user:");
    return { app: app.used, appCommitted: app.committed, d1: (await usage("d1:db")).used };
  } catch {
    return null;
  }
}
