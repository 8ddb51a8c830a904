import { lazy, memo, Suspense } from "react";
import LinkedTextNow, { type LinkedTextProps } from "./linked-text";

// The Worker renders the links at once (a lazy part would stream its HTML in later, behind a
// script a page without JavaScript never runs); the browser loads them beside the page, starting
// with the page's modules. The client build drops the static import (import.meta.env.SSR is false).
const load = () => import("./linked-text");
if (!import.meta.env.SSR) void load();
const LinkedText = import.meta.env.SSR ? LinkedTextNow : lazy(load);

/**
 * A member's text (comment, bio, chat message) with its links: the one way the three show it.
 * The link finder is not in the page's preloads: until it arrives, a hydrating page keeps the
 * server's HTML (links included) and a page drawn in the browser shows the plain text. Memoised,
 * so a parent's update cannot reach a part still waiting to hydrate.
 */
export const UserText = memo(function UserText(props: LinkedTextProps) {
  return (
    <Suspense fallback={props.text}>
      <LinkedText {...props} />
    </Suspense>
  );
});
