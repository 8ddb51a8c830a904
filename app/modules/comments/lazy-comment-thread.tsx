import { lazy, Suspense, type ComponentProps } from "react";
import { CommentThread as CommentThreadNow } from "./comment-thread";

// The browser loads a thread (its forms and their schemas) beside the page, not in its preloads;
// the Worker renders it at once, so the HTML holds the thread without JavaScript (ADR 093, the
// pattern of app/components/ui/user-text.tsx).
const loadThread = () => import("./comment-thread").then((module) => ({ default: module.CommentThread }));
if (!import.meta.env.SSR) void loadThread();
const CommentThreadLater = import.meta.env.SSR ? CommentThreadNow : lazy(loadThread);

/** CommentThread, loaded beside the page: My Referrals' closed threads, a profile's Reviews tab, a referral's reviews. */
export function LazyCommentThread(props: ComponentProps<typeof CommentThreadNow>) {
  return (
    <Suspense fallback={null}>
      <CommentThreadLater {...props} />
    </Suspense>
  );
}
