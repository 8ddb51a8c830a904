import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { useOptionalUser } from "~/utils/user";

const STATUS_PAGES: Record<number, { title: string; body: string }> = {
  400: {
    title: "Bad request",
    body: "The request could not be understood. Please check what you entered and try again.",
  },
  403: { title: "Access denied", body: "You do not have permission to see this page." },
  404: { title: "Page not found", body: "The page you are looking for does not exist or has moved." },
  429: { title: "Too many requests", body: "Please wait a moment before trying again." },
};
const FALLBACK = { title: "Something went wrong", body: "An unexpected error occurred. Please try again later." };

/**
 * What an error page shows for a thrown response or an unexpected error; never internals. A
 * route's own words for a failure (`{ message }`, the kit's pageLoader `unexpectedMessage`) are
 * shown at any status.
 */
export function describeError(error: unknown): { status: number; title: string; body: string } {
  if (isRouteErrorResponse(error)) {
    const page = STATUS_PAGES[error.status] ?? FALLBACK;
    const worded = typeof error.data?.message === "string" && error.data.message ? error.data.message : null;
    const thrown = typeof error.data === "string" && error.data && error.status < 500 ? error.data : null;
    return { status: error.status, title: page.title, body: worded ?? thrown ?? page.body };
  }
  return { status: 500, ...FALLBACK };
}

/** Where a lost visitor or member can go next from a 404 (issue 19: a 404 page with useful links). */
const NOT_FOUND_LINKS = {
  member: [
    { to: "/apply", label: "Find referrals" },
    { to: "/refer", label: "Share a referral" },
    { to: "/dashboard", label: "Your dashboard" },
    { to: "/chat", label: "Chat" },
  ],
  visitor: [
    { to: "/", label: "How Cardshare works" },
    { to: "/auth", label: "Sign in" },
    { to: "/auth?tab=register", label: "Join Cardshare" },
  ],
};

function NotFoundLinks() {
  const user = useOptionalUser();
  const links = user ? NOT_FOUND_LINKS.member : NOT_FOUND_LINKS.visitor;
  return (
    <nav aria-labelledby="not-found-links" className="mt-10 w-full border-t border-line pt-6">
      <h2 id="not-found-links" className="text-sm font-semibold text-ink">
        Try one of these instead
      </h2>
      <ul className="mt-3 flex flex-wrap justify-center gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={buttonClass("secondary", "sm")}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The shared error page of every route: per-status title and text, and a way back. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const user = useOptionalUser();
  const { status, title, body } = describeError(error);
  if (status >= 500 && typeof document !== "undefined") console.error(error);
  return (
    <section
      aria-labelledby="error-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
    >
      <p className="text-sm font-semibold text-brand-700 tabular">{status}</p>
      <h1 id="error-title" className="mt-2 text-3xl font-semibold tracking-tight text-ink">
        {title}
      </h1>
      <p className="mt-4 text-muted">{body}</p>
      <div className="mt-8 flex gap-3">
        <Link to={user ? "/refer" : "/"} className={buttonClass("primary")}>
          Go to the home page
        </Link>
      </div>
      {status === 404 ? <NotFoundLinks /> : null}
    </section>
  );
}
