/**
 * The soak's mail provider (`--provider-failures F`): the provider's HTTP API as the Worker calls
 * it (POST /emails, Resend's shape, like tests/fixtures/fake-mail.ts) on loopback, answering 503 to
 * a fraction F of the calls at random. It counts what it accepted and refused, and each idempotency
 * key accepted more than once (a mail the member would get twice).
 */
import { createServer, type Server } from "node:http";

export const PROVIDER_KEY = "soak-mail-key";

export interface ProviderCounts {
  calls: number;
  refused: number;
  accepted: number;
  /** Distinct idempotency keys accepted. */
  mails: number;
  /** Keys accepted more than once. */
  duplicated: number;
}

export function startProvider(port: number, failureRate: number) {
  const accepted = new Map<string, number>();
  const counts = { calls: 0, refused: 0, accepted: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/emails") {
        response.writeHead(404).end("Not found");
        return;
      }
      if (request.headers.authorization !== `Bearer ${PROVIDER_KEY}`) {
        response.writeHead(401).end("Bad key");
        return;
      }
      counts.calls += 1;
      if (Math.random() < failureRate) {
        counts.refused += 1;
        response.writeHead(503).end("Provider unavailable");
        return;
      }
      counts.accepted += 1;
      const key = String(request.headers["idempotency-key"] ?? `none-${counts.accepted}`);
      accepted.set(key, (accepted.get(key) ?? 0) + 1);
      response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: crypto.randomUUID() }));
    });
  });
  server.listen(port, "127.0.0.1");
  return {
    counts(): ProviderCounts {
      const duplicated = [...accepted.values()].filter((times) => times > 1).length;
      return { ...counts, mails: accepted.size, duplicated };
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
