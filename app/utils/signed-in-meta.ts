import type { MetaDescriptor } from "@remix-run/cloudflare";

/**
 * The head of a page only signed-in people reach (a member or an admin page; a visitor is sent to
 * sign in): its title, a description of what the page is for, and `noindex`, because the page is
 * one person's and no search engine should keep it. Every such route's `meta` returns this, so the
 * rule is written here once (tests/worker/signed-in-meta.test.ts walks the routes for it).
 */
export function signedInMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title }, { name: "description", content: description }, { name: "robots", content: "noindex" }];
}
