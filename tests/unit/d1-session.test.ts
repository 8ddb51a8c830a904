import { describe, expect, it } from "vitest";
import { requestBookmark, sessionStart, withBookmark, type RequestD1 } from "~/http/d1-session.server";

const OLD = `00000000-00000001-00000000-${"0".repeat(32)}`;
const NEW = `00000000-0000000a-00000000-${"a".repeat(32)}`;

const request = (init: { method?: string; cookie?: string; header?: string } = {}) =>
  new Request("http://localhost/", {
    method: init.method ?? "GET",
    headers: {
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...(init.header !== undefined ? { "x-d1-bookmark": init.header } : {}),
    },
  });

/** A session that ended at `bookmark`, after the browser sent `cookieBookmark`. */
const ended = (bookmark: string | null, cookieBookmark: string | null): RequestD1 => ({
  session: { getBookmark: () => bookmark } as D1DatabaseSession,
  cookieBookmark,
});

describe("the request's bookmark", () => {
  it("takes the newest valid bookmark of the cookie and the header", () => {
    expect(requestBookmark(request({ cookie: `cs_d1=${OLD}`, header: NEW }))).toBe(NEW);
    expect(requestBookmark(request({ cookie: `a=b; cs_d1=${NEW}`, header: OLD }))).toBe(NEW);
    expect(requestBookmark(request({ header: ` ${OLD} ` }))).toBe(OLD);
    expect(requestBookmark(request())).toBeNull();
  });

  it("ignores anything not shaped like a D1 bookmark", () => {
    for (const bad of ["zzz", "first-primary", NEW.toUpperCase(), `${NEW}0`, NEW.slice(1), "x".repeat(10_000)]) {
      expect(requestBookmark(request({ header: bad, cookie: `cs_d1=${bad}` }))).toBeNull();
    }
  });

  it("starts reads from it (or anywhere) and every write at the primary", () => {
    expect(sessionStart(request({ header: NEW }))).toBe(NEW);
    expect(sessionStart(request({ method: "HEAD" }))).toBe("first-unconstrained");
    expect(sessionStart(request({ method: "POST", header: NEW }))).toBe("first-primary");
    expect(sessionStart(request({ method: "DELETE" }))).toBe("first-primary");
  });
});

describe("handing the bookmark back", () => {
  it("sends the header always and the cookie only when the browser's copy differs", () => {
    const changed = withBookmark(new Response("ok"), ended(NEW, OLD), { secure: true });
    expect(changed.headers.get("x-d1-bookmark")).toBe(NEW);
    expect(changed.headers.getSetCookie()).toEqual([`cs_d1=${NEW}; Path=/; HttpOnly; SameSite=Lax; Secure`]);

    const same = withBookmark(new Response("ok"), ended(NEW, NEW), { secure: false });
    expect(same.headers.get("x-d1-bookmark")).toBe(NEW);
    expect(same.headers.getSetCookie()).toEqual([]);
  });

  it("keeps the app's own cookies and leaves a request without queries as it is", () => {
    const withToast = new Response("ok", { headers: { "Set-Cookie": "__toast=x; Path=/" } });
    expect(withBookmark(withToast, ended(NEW, null), { secure: false }).headers.getSetCookie()).toEqual([
      "__toast=x; Path=/",
      `cs_d1=${NEW}; Path=/; HttpOnly; SameSite=Lax`,
    ]);
    const untouched = new Response("ok");
    expect(withBookmark(untouched, ended(null, null), { secure: false })).toBe(untouched);
  });
});
