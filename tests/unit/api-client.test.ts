import { afterEach, describe, expect, it, vi } from "vitest";
import { callApi, htmlErrorText, TRANSPORT_MESSAGES } from "~/utils/api-client";

function answer(body: string, init: ResponseInit) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, init)),
  );
}

describe("callApi turns every failure into a sentence (docs/product.md#shared-texts)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the envelope's message", async () => {
    answer(JSON.stringify({ success: false, message: "Chat not found" }), { status: 404 });
    expect(await callApi("/api/chats/x", { method: "GET" })).toEqual({
      ok: false,
      status: 404,
      message: "Chat not found",
    });
  });

  it("takes an HTML error page's error text, else its <pre> block, else 'Unknown error occurred'", async () => {
    const page = (inner: string) =>
      `<!DOCTYPE html><html><head><title>Bad gateway</title></head><body>${inner}</body></html>`;
    answer(page('<h1>Oops</h1><div class="error-message">Upstream timed out &amp; gave up</div>'), {
      status: 502,
      headers: { "Content-Type": "text/html" },
    });
    expect(await callApi("/api/x", { method: "POST", body: {} })).toMatchObject({
      message: "Upstream timed out & gave up",
    });

    answer(page("<pre>Cannot POST /api/x</pre>"), { status: 500, headers: { "Content-Type": "text/html" } });
    expect(await callApi("/api/x", { method: "POST", body: {} })).toMatchObject({ message: "Cannot POST /api/x" });

    answer(page("<p>Nothing useful</p>"), { status: 500, headers: { "Content-Type": "text/html" } });
    expect(await callApi("/api/x", { method: "POST", body: {} })).toMatchObject({
      message: TRANSPORT_MESSAGES.unknown,
    });
  });

  it("uses plain text as the message, and says so when the network fails", async () => {
    answer("Service unavailable", { status: 503, headers: { "Content-Type": "text/plain" } });
    expect(await callApi("/api/x", { method: "GET" })).toMatchObject({ status: 503, message: "Service unavailable" });

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(await callApi("/api/x", { method: "GET" })).toEqual({
      ok: false,
      status: 0,
      message: TRANSPORT_MESSAGES.network,
    });
  });

  it("answers an unknown endpoint with the spec's 404 text", async () => {
    answer("", { status: 404 });
    expect(await callApi("/api/nope", { method: "GET" })).toMatchObject({
      message: "Endpoint /api/nope not found. Please check API URL.",
    });
  });
});

describe("htmlErrorText", () => {
  it("finds an error element by id too, and strips markup", () => {
    expect(htmlErrorText('<main id="error"><b>Rate</b> limited</main>')).toBe("Rate limited");
    expect(htmlErrorText("<p>fine</p>")).toBeNull();
  });
});
