import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { DomainError } from "~/core/errors";
import { pageLoader } from "~/http/page-loader.server";

/** Any unknown page: a real 404 response rendered by the shared error page. */
export const loader = pageLoader({
  access: "anyone",
  run: async () => {
    // The shared error page adds the links to go on from here (NotFoundLinks).
    throw new DomainError(404, "The page you are looking for does not exist or has moved.");
  },
});

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const meta: MetaFunction = () => [{ title: "Page not found - Cardshare" }];
