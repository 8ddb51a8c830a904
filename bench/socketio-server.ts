/**
 * The baseline for the WebSocket bench: a minimal Socket.IO broadcast server, the original app's
 * realtime stack. Clients emit join-chat with a room; POST /rooms/<room>/messages broadcasts the
 * JSON body to that room as receive-message. No database, no auth: the floor to compare against.
 *
 * `tsx bench/socketio-server.ts <port>`
 */
import { createServer } from "node:http";
import { Server } from "socket.io";

const port = Number(process.argv[2] ?? 8793);
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
    io.to(match[1]).emit("receive-message", { chatId: match[1], message });
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
process.on("SIGTERM", () => process.exit(0));
