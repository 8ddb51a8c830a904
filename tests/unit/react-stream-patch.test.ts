/**
 * The patched document renderer (patches/react-dom+18.3.1.patch, docs/decisions/064, kept by 211):
 * React 18's web-stream renderer, which the Worker's entry.server uses, encoded every attribute,
 * text and tag piece to bytes on its own (a TextEncoder call and a new Uint8Array each, ~2,000 per
 * /apply page). The patch keeps the pieces as strings and encodes what a flush wrote at once.
 * These tests check that it is applied and that the bytes streamed are those of the unpatched
 * build of the same version (React's development build, which the patch leaves alone).
 */
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createElement as h, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
type Server = Pick<typeof import("react-dom/server"), "renderToReadableStream">;
// The package's exports hide its builds; they are files beside its package.json.
const builds = join(dirname(require.resolve("react-dom/package.json")), "cjs");
const patchedPath = join(builds, "react-dom-server.browser.production.min.js");
const patched = require(patchedPath) as Server;
const unpatched = require(join(builds, "react-dom-server.browser.development.js")) as Server;

/** The streamed document as bytes, and how many chunks carried it. */
async function render(server: Server, node: ReactNode) {
  const stream = await server.renderToReadableStream(node, { nonce: "n0nce" });
  await stream.allReady;
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  chunks.reduce((offset, chunk) => (bytes.set(chunk, offset), offset + chunk.length), 0);
  return { bytes, chunks: chunks.length };
}

/** A component that suspends until `promise` settles, then shows `text`: a boundary streamed later. */
function Later({ promise, text }: { promise: Promise<void> & { done?: boolean }; text: string }) {
  if (!promise.done) throw promise.then(() => void (promise.done = true));
  return h("p", { className: "later" }, text);
}

function page(label: string, rows: number) {
  const waited = Promise.resolve() as Promise<void> & { done?: boolean };
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("title", null, `Cardshare ${label}`), h("meta", { charSet: "utf-8" })),
    h(
      "body",
      { className: "min-h-dvh bg-canvas" },
      h("h1", { id: "t", "aria-label": "Référrals — 信用卡 💳" }, "Find a referral 💳 信用卡 «ça»"),
      h(
        "ul",
        { role: "list", "data-count": rows },
        Array.from({ length: rows }, (_, index) =>
          h(
            "li",
            { key: index, style: { backgroundColor: "#0a4", marginTop: index }, hidden: index % 7 === 0 },
            h("input", { type: "checkbox", defaultChecked: index % 2 === 0, "aria-describedby": `d${index}` }),
            h("span", { id: `d${index}`, title: `<"&'>` }, `Tile ${index}: ${"é".repeat(index % 40)} & <b>`),
            h("svg", { viewBox: "0 0 24 24", "aria-hidden": true }, h("path", { d: "M4 12h16", strokeWidth: 2 })),
          ),
        ),
      ),
      h("div", { dangerouslySetInnerHTML: { __html: "<em>raw</em>" } }),
      h(Suspense, { fallback: h("p", null, "Loading…") }, h(Later, { promise: waited, text: "Streamed 🚀 later" })),
    ),
  );
}

describe("React's document renderer with the string-buffer patch", () => {
  it("is the build the server loads, patched (npm install runs patch-package)", () => {
    const source = readFileSync(patchedPath, "utf8");
    expect(source).toContain("function p(a,b){q$+=b}");
    expect(source).toContain("function u(a){return a}");
  });

  it("streams the same bytes as the unpatched build, multi-byte text and a later boundary included", async () => {
    for (const rows of [0, 1, 30, 400]) {
      const [after, before] = await Promise.all([render(patched, page("a", rows)), render(unpatched, page("a", rows))]);
      expect(new TextDecoder().decode(after.bytes)).toBe(new TextDecoder().decode(before.bytes));
      expect(after.bytes).toEqual(before.bytes);
    }
  });

  it("encodes a flush at once: one chunk for a shell that the unpatched build sends in many", async () => {
    const tree = h("main", null, h("p", null, "x".repeat(2000)), h("p", null, "y"));
    const [after, before] = await Promise.all([render(patched, tree), render(unpatched, tree)]);
    expect(after.chunks).toBe(1);
    expect(before.chunks).toBeGreaterThan(1);
  });
});
