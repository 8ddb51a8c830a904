import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listOutbox } from "~/modules/email/mailer.server";
import { requireDevelopment } from "~/utils/dev-only.server";
import { getServices } from "~/utils/services.server";

/** The development outbox as JSON, newest first: what tests read to follow emailed links. */
export async function loader({ context }: LoaderFunctionArgs) {
  requireDevelopment(context);
  const messages = await listOutbox(getServices(context).db);
  return Response.json(
    messages.map(({ to, subject, text, html, links, createdAt }) => ({
      to,
      subject,
      text,
      html,
      links,
      createdAt: createdAt.toISOString(),
    })),
  );
}
