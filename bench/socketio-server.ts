/**
 * The baseline for the WebSocket bench: the original app's realtime stack, a Socket.IO server that
 * stores each message in its database before broadcasting it. Here the database is SQLite in a
 * file (node-sqlite3-wasm: SQLite compiled to WebAssembly, so it installs from the registry alone,
 * with no native build), WAL with synchronous=NORMAL as a server would run it. Clients emit
 * join-chat with a room; POST /rooms/<room>/messages inserts the JSON body as a message of that
 * room and then broadcasts it as receive-message. No auth: like for like with Cardshare's
 * POST -> store -> fan-out, minus the session check.
 *
 * `tsx bench/socketio-server.ts <port> [database file]`
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { createServer } from "node:http";
import sqlite from "node-sqlite3-wasm";
import { Server } from "socket.io";

const port = Number(process.argv[2] ?? 8793);
const file = process.argv[3] ?? ".wrangler/bench/socketio.db";
mkdirSync(dirname(file), { recursive: true });
for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });

const db = new sqlite.Database(file);
db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
  CREATE TABLE messages (id TEXT PRIMARY KEY, chat_id TEXT NOT NULL, content TEXT NOT NULL, created_at INTEGER NOT NULL);
  CREATE INDEX messages_chat_idx ON messages (chat_id, created_at);`);
const insert = db.prepare("INSERT INTO messages (id, chat_id, content, created_at) VALUES (?, ?, ?, ?)");

const http = createServer((request, response) => {
  const match = request.url?.match(/^\/rooms\/([^/]+)\/messages$/);
  if (request.method === "GET" && request.url === "/health") return void response.end("ok");
  if (request.method !== "POST" || !match) {
    response.statusCode = 404;
    return void response.end();
  }
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    const message = JSON.parse(body) as { content: string };
    const room = match[1]!;
    // Stored first, then broadcast, as the original app did with its database.
    insert.run([randomUUID(), room, message.content, Date.now()]);
    io.to(room).emit("receive-message", { chatId: room, message });
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify({ success: true }));
  });
});
const io = new Server(http, { transports: ["websocket"] });
io.on("connection", (socket) => {
  socket.on("join-chat", (room: string) => {
    void socket.join(room);
    socket.emit("joined", room);
  });
});
http.listen(port, "127.0.0.1");
process.on("SIGTERM", () => {
  insert.finalize();
  db.close();
  process.exit(0);
});
