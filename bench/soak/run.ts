/**
 * `npm run soak -- --minutes N [--members M] [--restart] [--slow-d1 MS] [--provider-failures F]
 *                  [--think-ms 2000] [--port 8830] [--no-build] [--no-seed] [--v8-flags "--optimize-for-size"] [--allocator-stats]`
 *
 * Held under load (docs/decisions/220): the production bundle in workerd, served as the bench
 * serves it (bench/workerd-server.ts, loopback only), under mixed traffic for N minutes from M
 * simulated members (the bench's seeded users bench1..benchM, each the referrer of every card)
 * and M/2 visitors (bench/soak/traffic.ts); the members also talk in pairs over the chat's
 * sockets (bench/soak/chat.ts). It prints requests, 4xx and 5xx, p50 and p99 by route; messages
 * sent, delivered, lost and duplicated; the mail provider's calls; and workerd's memory (RSS) at
 * the start, once warm, the peak and the end, and the Worker's JS heap after a full collection
 * (bench/soak/heap.ts, through workerd's inspector on port+2). Bounded: N minutes (at most 60), M members (at most 500), each
 * person one request at a time with a think time between.
 *
 * `--no-seed` reuses the last run's database (.wrangler/soak) instead of a fresh one (migrating and
 * seeding take a minute on a busy machine); the members' earlier applications and chats stay.
 * `--v8-flags` passes V8 flags to this workerd only: `--optimize-for-size` makes V8 collect sooner
 * (ADR 221: what workerd's memory is made of, and why it also compares collected figures).
 * `--allocator-stats` also reads tcmalloc's own report after each collection (gdb calls workerd's
 * `malloc_stats()`; ptrace must be allowed): what workerd holds against what its allocator keeps free.
 *
 * Faults, each a flag:
 * - `--restart`: the server is stopped and started again half-way, on the same state; the sockets
 *   reconnect and catch up; every message acknowledged before it must be in the history after.
 * - `--slow-d1 MS`: every D1 round trip, of requests, rooms and the queue consumer, waits MS first
 *   (bench/soak/worker.ts wires it around the production Worker; production code is unchanged).
 * - `--provider-failures F`: the mail provider (a local fake, bench/soak/provider.ts) answers 503
 *   to a fraction F of its calls; the notification queue retries (1 s apart here, not 30 s).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { buildDemoData, DEMO_PASSWORD } from "../../db/seed/demo";
import { OFFLINE_ENV } from "../../scripts/lib/wrangler";
import { ChatClient, ChatLedger } from "./chat";
import { collectedHeapMiB } from "./heap";
import { percentChange, type Allocator } from "./memory";
import { Recorder } from "./http";
import { PROVIDER_KEY, startProvider } from "./provider";
import { step } from "../steps";
import { allocatorMiB, AppServer, writeSoakConfig } from "./server";
import { Traffic, type Member, type SeededReferral, type World } from "./traffic";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "2" },
    members: { type: "string", default: "50" },
    restart: { type: "boolean", default: false },
    "slow-d1": { type: "string", default: "0" },
    "provider-failures": { type: "string", default: "0" },
    "think-ms": { type: "string", default: "2000" },
    port: { type: "string", default: "8830" },
    "no-build": { type: "boolean", default: false },
    "no-seed": { type: "boolean", default: false },
    "v8-flags": { type: "string", default: "" },
    "allocator-stats": { type: "boolean", default: false },
  },
});
const minutes = Number(values.minutes);
const memberCount = Number(values.members);
const slowD1 = Number(values["slow-d1"]);
const failureRate = Number(values["provider-failures"]);
const thinkMs = Number(values["think-ms"]);
const port = Number(values.port);
if (
  !(minutes > 0 && minutes <= 60) ||
  !(Number.isInteger(memberCount) && memberCount >= 2 && memberCount <= 500) ||
  !(slowD1 >= 0 && slowD1 <= 10_000) ||
  !(failureRate >= 0 && failureRate < 1) ||
  !(thinkMs >= 100) ||
  !(Number.isInteger(port) && port > 1024 && port < 65534)
) {
  console.error(
    "usage: npm run soak -- --minutes 0-60 [--members 2-500] [--restart] [--slow-d1 0-10000] " +
      "[--provider-failures 0-0.99] [--think-ms >=100] [--port P (P+1 the mail provider, P+2 the inspector)]",
  );
  process.exit(2);
}
const STATE = ".wrangler/soak";
/** Where workerd's output goes (bench/results/soak-app.log): the allocator's reports land there too. */
const SERVER_LOG = "soak-app";

function query<T>(sql: string): T[] {
  const output = spawnSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", STATE, "--json", "--command", sql],
    { env: OFFLINE_ENV, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (output.status !== 0) throw new Error(`query failed: ${sql}\n${output.stdout}${output.stderr}`);
  return JSON.parse(output.stdout)[0].results as T[];
}

type Heap = Awaited<ReturnType<typeof collectedHeapMiB>>;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const think = () => sleep(thinkMs * (0.5 + Math.random()));

/** Seeds the bench's data with enough generated referrers to be the members (bench1..benchM). */
function seed() {
  if (!values["no-build"]) step("build", "npx", ["remix", "vite:build"]);
  if (values["no-seed"]) return;
  rmSync(STATE, { recursive: true, force: true });
  step("migrate", "npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE]);
  const cards = buildDemoData("unused").cards.length;
  step(`seed demo + ${memberCount} members`, "npx", [
    "tsx",
    "scripts/seed.ts",
    "--persist-to",
    STATE,
    "--bench-referrals",
    String(memberCount * cards),
  ]);
}

async function signIn(origin: string, http: Recorder): Promise<Member[]> {
  const emails = Array.from({ length: memberCount }, (_, index) => `bench${index + 1}@cardshare.local`);
  const members: Member[] = [];
  for (let index = 0; index < emails.length; index += 8) {
    const batch = await Promise.all(
      emails.slice(index, index + 8).map(async (email) => {
        const answer = await http.request("POST /api/users/login", "/api/users/login", {
          body: { email, password: DEMO_PASSWORD },
        });
        const json = answer?.json as { token?: string; user?: { _id: string } } | null;
        if (!json?.token || !json.user) throw new Error(`${email} could not sign in (${answer?.status})`);
        return { id: json.user._id, email, token: json.token };
      }),
    );
    members.push(...batch);
  }
  void origin;
  return members;
}

/** Every message of a chat as `member` sees it, oldest page last (GET /api/chats/{id}, paged by ?before=). */
async function readHistory(http: Recorder, chatId: string, member: Member) {
  const messages: { id: string; clientId: string | null }[] = [];
  let before: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const path = `/api/chats/${chatId}${before ? `?before=${before}` : ""}`;
    const answer = await http.request("GET /api/chats/:id (history)", path, { token: member.token });
    const data = (answer?.json as { data?: { messages: { id: string; clientId: string | null }[]; hasOlder: boolean } })
      ?.data;
    if (!data) throw new Error(`history of ${chatId} unreadable (${answer?.status})`);
    messages.push(...data.messages);
    if (!data.hasOlder || data.messages.length === 0) break;
    before = data.messages[0].id;
  }
  return messages;
}

async function main() {
  seed();
  const runStarted = Date.now();
  const rows = {
    users: query<{ n: number }>("SELECT COUNT(*) AS n FROM users")[0].n,
    referrals: query<{ n: number }>("SELECT COUNT(*) AS n FROM referrals")[0].n,
  };
  const providerPort = port + 1;
  const provider = startProvider(providerPort, failureRate);
  const server = new AppServer({
    config: writeSoakConfig(".wrangler/soak-config"),
    port,
    persistTo: STATE,
    log: SERVER_LOG,
    inspectorPort: port + 2,
    v8Flags: values["v8-flags"],
    vars: {
      SESSION_SECRET: "soak-secret-at-least-16-chars",
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      // Members act faster than people (and share one address): the bench's multiplier.
      RATE_LIMIT_MULTIPLIER: "100",
      EMAIL_API_URL: `http://127.0.0.1:${providerPort}/emails`,
      EMAIL_API_KEY: PROVIDER_KEY,
      EMAIL_FROM: "Cardshare <noreply@cardshare.test>",
      NOTIFICATION_RETRY_SECONDS: "1",
      SOAK_D1_DELAY_MS: String(slowD1),
    },
  });
  let restarting = false;
  const http = new Recorder(
    () => server.origin,
    () => restarting,
  );
  const ledger = new ChatLedger();
  process.on("exit", () => server.kill());
  process.on("SIGINT", () => process.exit(130));
  process.on("SIGTERM", () => process.exit(143));
  await server.start();

  const members = await signIn(server.origin, http);
  const world: World = {
    members,
    referrals: query<SeededReferral>(
      `SELECT r.id, r.referrer_id AS referrerId, r.credit_card_id AS cardId, r.code,
              (SELECT min(d.domain) FROM issuer_domains d JOIN credit_cards c ON c.issuer = d.issuer
                WHERE c.id = r.credit_card_id) AS linkHost
         FROM referrals r
        JOIN users u ON u.id = r.referrer_id
       WHERE u.email LIKE 'bench%' AND r.is_active = 1 AND r.available_refer_count IS NULL`,
    ).filter((referral) => members.some((member) => member.id === referral.referrerId)),
    cardSlugs: query<{ slug: string }>("SELECT slug FROM credit_cards WHERE active = 1").map((row) => row.slug),
    cardIds: [],
    applications: [],
  };
  const traffic = new Traffic(http, world);

  // The members talk in pairs: one chat each, both holding a socket in its room.
  const chats: { chatId: string; pair: [Member, Member]; clients: ChatClient[] }[] = [];
  for (let index = 0; index + 1 < members.length; index += 2) {
    const pair: [Member, Member] = [members[index], members[index + 1]];
    let answer = null;
    // Set-up, not load: a request that got no answer is asked again (the table still counts it).
    for (let attempt = 0; attempt < 3 && !answer; attempt++) {
      answer = await http.request("POST /api/chats", "/api/chats", {
        token: pair[0].token,
        body: { targetUserId: pair[1].id },
      });
    }
    const chatId = (answer?.json as { id?: string } | null)?.id;
    if (!chatId) throw new Error(`no chat for ${pair[0].email} (${answer?.status ?? http.lastFailure})`);
    const clients = [
      new ChatClient(() => server.origin, chatId, pair[0], pair[1].id, ledger),
      new ChatClient(() => server.origin, chatId, pair[1], pair[0].id, ledger),
    ];
    for (const client of clients) client.connect();
    chats.push({ chatId, pair, clients });
  }
  const clientOf = new Map(chats.flatMap((chat) => chat.clients.map((client, i) => [chat.pair[i].id, client])));
  await sleep(2000);

  const memory = {
    start: server.rssMiB(),
    warm: null as number | null,
    /**
     * After a full collection of every isolate, under the traffic: once warm, and late (15 s before
     * the traffic ends). The leak check compares the two (ADR 221).
     */
    warmCollected: null as number | null,
    lateCollected: null as number | null,
    peak: 0,
    end: null as number | null,
    /** After the traffic and a full collection. */
    endCollected: null as number | null,
    /** The end, collected, split into anonymous and file-backed memory. */
    endResident: null as ReturnType<AppServer["residentMiB"]>,
    /** RSS every 30 s of the traffic (s, MiB): where it levels off. */
    series: [] as [number, number][],
    beforeRestart: null as number | null,
    /** tcmalloc's account after the same collections (`--allocator-stats`): in use against kept free. */
    allocator: {
      start: null as Allocator | null,
      warm: null as Allocator | null,
      late: null as Allocator | null,
      end: null as Allocator | null,
      /** The end, once tcmalloc gave its free pages back (RSS in `endReleased`). */
      released: null as Allocator | null,
    },
    endReleased: null as number | null,
    /** JS heap after a full collection, MiB: at the start, once warm, late in the traffic, at the end. */
    heap: {
      start: await collectedHeapMiB(port + 2, server.origin),
      warm: null as Heap,
      late: null as Heap,
      end: null as Heap,
    },
  };
  // After the start's collection, as the later readings are.
  if (values["allocator-stats"]) {
    await sleep(2000);
    memory.allocator.start = await allocatorMiB(server, SERVER_LOG);
  }
  /** The warm and late readings under way: the end's waits for them (gdb attaches one at a time). */
  const readings: Promise<void>[] = [];
  const sample = setInterval(() => (memory.peak = Math.max(memory.peak, server.rssMiB() ?? 0)), 2000);
  const started = Date.now();
  const deadline = started + minutes * 60_000;
  // Warm: every route has run and compiled, the caches have filled (a quarter of the run, at most 1 min).
  const warmAt = Math.min(60_000, (minutes * 60_000) / 4);
  // RSS a moment after a collection: V8 gives its emptied pages back after sweeping.
  const collected = async () => {
    const heap = await collectedHeapMiB(port + 2, server.origin);
    await sleep(2000);
    const rss = server.rssMiB();
    return { heap, rss, allocator: values["allocator-stats"] ? await allocatorMiB(server, SERVER_LOG) : null };
  };
  const warm = setTimeout(() => {
    memory.warm = server.rssMiB();
    const reading = collected().then(({ heap, rss, allocator }) => {
      memory.heap.warm = heap;
      memory.warmCollected = rss;
      memory.allocator.warm = allocator;
    });
    readings.push(reading);
  }, warmAt);
  const late = setTimeout(
    () =>
      void readings.push(
        collected().then(({ heap, rss, allocator }) => {
          memory.heap.late = heap;
          memory.lateCollected = rss;
          memory.allocator.late = allocator;
        }),
      ),
    Math.max(warmAt + 30_000, minutes * 60_000 - 15_000),
  );
  console.log(
    `soak: ${members.length} members, ${Math.floor(members.length / 2)} visitors, ${chats.length} chats, ` +
      `${minutes} min; workerd RSS ${memory.start?.toFixed(0)} MiB`,
  );

  const loops: Promise<void>[] = [];
  for (const member of members) {
    loops.push(
      (async () => {
        await sleep(Math.random() * thinkMs);
        while (Date.now() < deadline) {
          const client = clientOf.get(member.id);
          if (client && Math.random() < 0.3) await client.speak(sleep);
          else await traffic.member(member);
          await think();
        }
      })(),
    );
  }
  for (let index = 0; index < Math.floor(members.length / 2); index++) {
    loops.push(
      (async () => {
        await sleep(Math.random() * thinkMs);
        while (Date.now() < deadline) {
          await traffic.visitor();
          await think();
        }
      })(),
    );
  }
  const progress = setInterval(() => {
    const rss = server.rssMiB();
    if (rss !== null) memory.series.push([Math.round((Date.now() - started) / 1000), Math.round(rss)]);
    const total = [...http.routes.values()].reduce((sum, stats) => sum + stats.requests, 0);
    const errors = [...http.routes.values()].reduce((sum, stats) => sum + stats.status5xx, 0);
    console.log(
      `  ${((Date.now() - started) / 1000).toFixed(0)} s: ${total} requests, ${errors} 5xx, ` +
        `${ledger.sent.size} messages sent; RSS ${rss?.toFixed(0) ?? "-"} MiB`,
    );
  }, 30_000);

  if (values.restart) {
    await sleep((deadline - Date.now()) / 2);
    memory.beforeRestart = server.rssMiB();
    console.log("  restarting the server");
    restarting = true;
    ledger.markRestart();
    await server.stop();
    await server.start();
    restarting = false;
    console.log("  server back");
  }
  await Promise.all(loops);
  clearInterval(progress);

  // Grace: the last deliveries, then each recipient's stored history.
  const graceEnd = Date.now() + 15_000;
  while (!ledger.settled() && Date.now() < graceEnd) await sleep(250);
  // The room mirrors to D1 within moments (longer with --slow-d1): give it time before reading.
  await sleep(3000 + slowD1 * 10);
  for (const chat of chats) {
    for (const member of chat.pair) {
      const history = await readHistory(http, chat.chatId, member);
      for (const message of history) ledger.history.add(`${member.id}|${message.id}`);
      if (member === chat.pair[0]) {
        for (const message of history) {
          if (!message.clientId) continue;
          const ids = ledger.stored.get(message.clientId) ?? [];
          ids.push(message.id);
          ledger.stored.set(message.clientId, ids);
        }
      }
    }
  }
  for (const chat of chats) for (const client of chat.clients) client.close();
  // The notification queue's last retries.
  let calls = -1;
  for (let waited = 0; waited < 30 && provider.counts().calls !== calls; waited++) {
    calls = provider.counts().calls;
    await sleep(2000);
  }
  await Promise.all(readings);
  memory.end = server.rssMiB();
  memory.heap.end = await collectedHeapMiB(port + 2, server.origin);
  await sleep(2000);
  memory.endResident = server.residentMiB();
  memory.endCollected = memory.endResident?.rss ?? null;
  if (values["allocator-stats"]) {
    memory.allocator.end = await allocatorMiB(server, SERVER_LOG);
    memory.allocator.released = await allocatorMiB(server, SERVER_LOG, true);
    memory.endReleased = server.rssMiB();
  }
  clearInterval(sample);
  clearTimeout(warm);
  clearTimeout(late);
  await server.stop();
  await provider.close();

  const mail = {
    ...provider.counts(),
    "outbox (sent, recorded)": query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM email_outbox WHERE sent_at >= ${runStarted}`,
    )[0].n,
    "dead letters": query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM notification_dead_letters WHERE created_at >= ${runStarted}`,
    )[0].n,
  };
  const faults = [
    values.restart && "restart mid-run",
    slowD1 > 0 && `D1 +${slowD1} ms/trip`,
    failureRate > 0 && `mail provider fails ${failureRate * 100}%`,
  ].filter(Boolean);
  console.log(
    `\nCardshare soak: ${minutes} min, ${members.length} members, ${Math.floor(members.length / 2)} visitors, ` +
      `think ${thinkMs} ms, rows ${JSON.stringify(rows)}; faults: ${faults.join(", ") || "none"}` +
      `${values["v8-flags"] ? `; V8 flags: ${values["v8-flags"]}` : ""}\n`,
  );
  console.table(http.table());
  if (http.statuses4xx.size > 0) {
    console.log("4xx by route and status:");
    console.table(
      [...http.statuses4xx.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([key, count]) => ({
          "route status": key,
          count,
          "first answer": http.samples4xx.get(key)?.slice(0, 120),
        })),
    );
  }
  for (const sampleError of http.serverErrors.slice(0, 5)) {
    console.log(
      `5xx ${sampleError.route} ${sampleError.status}: ${sampleError.body.replace(/\s+/g, " ").slice(0, 300)}`,
    );
  }
  console.log("\nChat messages:");
  console.table([ledger.summary()]);
  console.log("\nMail provider:");
  console.table([mail]);
  const change = (from: number | null, to = memory.end) => percentChange(from, to);
  console.log("\nworkerd memory (RSS, MiB):");
  console.table([
    {
      start: memory.start?.toFixed(1),
      [`warm (${Math.round(warmAt / 1000)} s)`]: memory.warm?.toFixed(1),
      "warm, collected": memory.warmCollected?.toFixed(1),
      "late, collected": memory.lateCollected?.toFixed(1),
      ...(values.restart && { "before restart": memory.beforeRestart?.toFixed(1) }),
      peak: memory.peak.toFixed(1),
      end: memory.end?.toFixed(1),
      "end, collected": memory.endCollected?.toFixed(1),
      "end vs start (issue 34's target: within 20%)": change(memory.start),
      "end vs warm": change(memory.warm),
      "collected: late vs warm (the leak check)": change(memory.warmCollected, memory.lateCollected),
    },
  ]);
  if (memory.endResident) {
    console.log(
      `At the end, collected: ${memory.endResident.anon.toFixed(0)} MiB anonymous (V8's heaps, the allocator's pages), ` +
        `${memory.endResident.file.toFixed(0)} MiB file-backed (workerd's binary, SQLite's shared memory)`,
    );
  }
  if (values["allocator-stats"]) {
    console.log("tcmalloc after each collection (MiB; in use by workerd, kept free, the sampled profile's peak):");
    console.table(
      Object.entries(memory.allocator).map(([when, value]) => ({
        when,
        "in use": value?.inUse.toFixed(1),
        "kept free": value?.free.toFixed(1),
        "actual (its RSS)": value?.actual.toFixed(1),
        "sampled peak": value?.sampledPeak.toFixed(1),
      })),
    );
    console.log(
      `RSS at the end, collected: ${memory.endCollected?.toFixed(1)} MiB; once tcmalloc released its free pages: ` +
        `${memory.endReleased?.toFixed(1)} MiB (${change(memory.start, memory.endReleased)} against the start)`,
    );
  }
  console.log(`RSS every 30 s (s: MiB): ${memory.series.map(([at, rss]) => `${at}: ${rss}`).join(", ")}`);
  console.log(`workerd processes seen: ${server.pids.size}; died and restarted by Miniflare: ${server.crashes}`);
  const heap = (value: Heap) =>
    value
      ? `app ${value.app.toFixed(1)} (of ${value.appCommitted.toFixed(1)} held), D1 ${value.d1.toFixed(1)}, ` +
        `all ${value.isolates} isolates ${value.all.toFixed(1)} (of ${value.allCommitted.toFixed(1)} held)`
      : "-";
  console.log(
    `JS heap after a full collection (MiB): start ${heap(memory.heap.start)}; warm ${heap(memory.heap.warm)}; ` +
      `late ${heap(memory.heap.late)}; ` +
      `end ${heap(memory.heap.end)}` +
      (values.restart ? " (the end is the restarted process)" : ""),
  );
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/soak-latest.json",
    JSON.stringify(
      {
        at: new Date().toISOString(),
        options: {
          minutes,
          members: memberCount,
          restart: values.restart,
          slowD1,
          failureRate,
          thinkMs,
          v8Flags: values["v8-flags"],
        },
        routes: http.table(),
        serverErrors: http.serverErrors,
        chat: ledger.summary(),
        mail,
        memory,
        workerdCrashes: server.crashes,
      },
      null,
      2,
    ),
  );
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
