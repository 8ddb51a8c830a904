import { lazy, memo, Suspense } from "react";
import type { LinkedTextProps } from "./linked-text";

// Starts loading with the page's modules; the server has it before it renders.
const loading = import("./linked-text");
const LinkedText = lazy(() => loading);

/**
 * A member's text (comment, bio, chat message) with its links: the one way the three show it.
 * The link finder is loaded beside the page, not preloaded with it: until it arrives, a hydrating
 * page keeps the server's HTML (links included) and a page drawn in the browser shows the plain
 * text. Memoised, so a parent's update cannot reach a part still waiting to hydrate.
 */
export const UserText = memo(function UserText(props: LinkedTextProps) {
  return (
    <Suspense fallback={props.text}>
      <LinkedText {...props} />
    </Suspense>
  );
});
