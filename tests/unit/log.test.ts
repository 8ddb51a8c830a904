import { afterEach, describe, expect, it, vi } from "vitest";
import { DomainError } from "~/core/errors";
import { isUnexpected, noteUnexpected, scrubText, startInvocation } from "~/core/log";
import { withoutPersonalData } from "~/http/error-report.server";

afterEach(() => vi.restoreAllMocks());

describe("scrubText", () => {
  it("drops a failed query's values and masks addresses, and leaves file paths alone", () => {
    const message =
      'Failed query: select * from "sessions" where "token_hash" = ?\nparams: 9f2c0ffee,ada@example.com\n' +
      "    at x (/work/node_modules/@remix-run/router/dist/router.cjs.js:4891:19)\n" +
      "Contact bob.smith+1@mail.example.org";
    expect(scrubText(message)).toBe(
      'Failed query: select * from "sessions" where "token_hash" = ?\nparams: [not logged]\n' +
        "    at x (/work/node_modules/@remix-run/router/dist/router.cjs.js:4891:19)\n" +
        "Contact [email]",
    );
  });

  it("drops a bound value that spans lines, such as a message body", () => {
    const message = "Failed query: insert into messages values (?)\nparams: first line\nsecond secret line";
    expect(scrubText(message)).toBe("Failed query: insert into messages values (?)\nparams: [not logged]");
    expect(scrubText(`${message}\n    at y (file.js:1:1)`)).toBe(
      "Failed query: insert into messages values (?)\nparams: [not logged]\n    at y (file.js:1:1)",
    );
  });
});

describe("noteUnexpected", () => {
  it("logs and reports an unexpected error once, and ignores refusals", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const report = vi.fn();
    const invocation = startInvocation("request", "routes/x", { method: "GET", report });
    const failure = new Error("boom for ada@example.com");
    noteUnexpected(invocation, failure, "api");
    noteUnexpected(invocation, failure, "remix");
    noteUnexpected(invocation, new DomainError(404, "Not found"));
    noteUnexpected(invocation, new Response(null, { status: 302 }));
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(failure, invocation);
    expect(error).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(error.mock.calls[0]![0])) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: "error",
      requestId: invocation.requestId,
      route: "routes/x",
      where: "api",
      message: "boom for [email]",
    });
    expect(isUnexpected(Object.assign(new Error("aborted"), { name: "AbortError" }))).toBe(false);
  });
});

describe("withoutPersonalData", () => {
  it("keeps the exception, tags and the user id, and drops the request, breadcrumbs and contexts", () => {
    const event = withoutPersonalData({
      event_id: "e1",
      level: "error",
      tags: { request_id: "r1", route: "routes/x" },
      user: { id: "u1", email: "ada@example.com", ip_address: "1.2.3.4" },
      request: { url: "https://x.test/?token=secret", headers: { cookie: "cs_session=secret" } },
      breadcrumbs: [{ message: "ada@example.com" }],
      contexts: { cloud: { region: "x" } },
      extra: { body: "secret" },
      exception: { values: [{ type: "Error", value: "params: secret" }] },
    });
    expect(event).toEqual({
      event_id: "e1",
      level: "error",
      tags: { request_id: "r1", route: "routes/x" },
      user: { id: "u1" },
      exception: { values: [{ type: "Error", value: "params: [not logged]" }] },
    });
  });
});
