/**
 * The links in a member's text (a comment, a bio, a chat message), found by linkify-it rather
 * than a pattern of our own: a link ends where the text around it says it does, so a closing
 * bracket, quote or sentence punctuation after it stays text (`(https://a.com/x).` links
 * `https://a.com/x`), and brackets inside a path stay in it. Only https links are links: http,
 * ftp, mailto, protocol-relative and bare domains or emails stay text. Browser-safe.
 */
import { LinkifyIt } from "linkify-it";

/** A run of text, with `href` when it is a link (its text is what the person wrote). */
export interface TextSegment {
  text: string;
  href?: string;
}

const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })
  .add("http:", null)
  .add("ftp:", null)
  .add("mailto:", null)
  .add("//", null);

/** An https address with a dotted host (linkify-it stops `https://user:pw@host` at `https://user`). */
function isHttpsLink(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" && hostname.includes(".");
}

/** The text cut into plain runs and links, in order; joined, the runs give the text back. */
export function textSegments(text: string): TextSegment[] {
  const matches = linkify.test(text) ? (linkify.match(text) ?? []) : [];
  const segments: TextSegment[] = [];
  let at = 0;
  for (const match of matches) {
    if (!isHttpsLink(match.url)) continue;
    if (match.index > at) segments.push({ text: text.slice(at, match.index) });
    segments.push({ text: match.raw, href: match.url });
    at = match.lastIndex;
  }
  if (at < text.length || segments.length === 0) segments.push({ text: text.slice(at) });
  return segments;
}
