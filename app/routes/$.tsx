import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";

/** Any unknown page: a real 404 response rendered by the shared error page. */
export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export const meta: MetaFunction = () => [{ title: "Page not found - Cardshare" }];
