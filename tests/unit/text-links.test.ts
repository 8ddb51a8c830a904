import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import LinkedText, { USER_LINK_REL } from "~/components/ui/linked-text";
import { textSegments } from "~/core/text-links";

/** The links found in a text, as [what is shown, where it goes]. */
const links = (text: string) =>
  textSegments(text)
    .filter((segment) => segment.href)
    .map((segment) => [segment.text, segment.href]);

describe("links in a member's text (comments, bios, chat)", () => {
  it("leaves the brackets and sentence punctuation around a link out of it", () => {
    expect(links("(https://www.chase.com/refer/abc).")).toEqual([
      ["https://www.chase.com/refer/abc", "https://www.chase.com/refer/abc"],
    ]);
    expect(links("Use https://a.com/x?y=1, or https://b.com/c; https://c.com/d! https://d.com/e?")).toEqual([
      ["https://a.com/x?y=1", "https://a.com/x?y=1"],
      ["https://b.com/c", "https://b.com/c"],
      ["https://c.com/d", "https://c.com/d"],
      ["https://d.com/e", "https://d.com/e"],
    ]);
    expect(links("“https://e.com/q” and 'https://f.com/r' and <https://g.com/s>...")).toEqual([
      ["https://e.com/q", "https://e.com/q"],
      ["https://f.com/r", "https://f.com/r"],
      ["https://g.com/s", "https://g.com/s"],
    ]);
  });

  it("keeps what belongs to the address: brackets inside a path, a port, a query and a fragment", () => {
    expect(links("see https://en.wikipedia.org/wiki/Chase_(bank) now")).toEqual([
      ["https://en.wikipedia.org/wiki/Chase_(bank)", "https://en.wikipedia.org/wiki/Chase_(bank)"],
    ]);
    expect(links("https://www.chase.com/refer/abc?src=x&y=2#top.")).toEqual([
      ["https://www.chase.com/refer/abc?src=x&y=2#top", "https://www.chase.com/refer/abc?src=x&y=2#top"],
    ]);
  });

  it("links https only: http, javascript:, data:, ftp, mailto, bare domains and emails stay text", () => {
    const text =
      "http://a.com javascript:alert(1) data:text/html,x ftp://b.com mailto:c@d.com //e.com www.f.com g@h.com https://";
    expect(links(text)).toEqual([]);
    expect(textSegments(text)).toEqual([{ text }]);
    expect(links("HTTPS://Example.COM/A")).toEqual([["HTTPS://Example.COM/A", "HTTPS://Example.COM/A"]]);
  });

  it("does not link a host without a dot (credentials cut the address short)", () => {
    expect(links("https://user:secret@evil.example/x")).toEqual([]);
    expect(links("https://localhost/x")).toEqual([]);
  });

  it("gives the text back whole, line breaks and all, when its runs are joined", () => {
    const text = "Line one https://a.com/b.\n\nLine (two) https://c.com/d)";
    expect(
      textSegments(text)
        .map((segment) => segment.text)
        .join(""),
    ).toBe(text);
    expect(textSegments("")).toEqual([{ text: "" }]);
  });

  it("renders links with nofollow ugc noopener in a new tab, and text as text, never as HTML", () => {
    const html = renderToStaticMarkup(
      createElement(LinkedText, { text: "<b>hi</b> (https://www.chase.com/refer/abc).", linkClassName: "x" }),
    );
    expect(USER_LINK_REL).toBe("nofollow ugc noopener");
    expect(html).toBe(
      '&lt;b&gt;hi&lt;/b&gt; (<a href="https://www.chase.com/refer/abc" target="_blank" rel="nofollow ugc noopener" class="underline underline-offset-2 x">https://www.chase.com/refer/abc</a>).',
    );
  });
});
