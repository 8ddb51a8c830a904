import { pageLoader } from "~/http/page-loader.server";
import { listOutbox } from "~/modules/email/mailer.server";
import { assertDevelopment } from "~/utils/dev-only.server";

/**
 * The development outbox as JSON, newest first: what tests read to follow emailed links. A bare
 * array (not the /api envelope): this is a development tool, not part of the API.
 */
export const loader = pageLoader({
  access: "anyone",
  async run({ ctx }) {
    assertDevelopment(ctx.env);
    const messages = await listOutbox(ctx.db);
    return Response.json(
      messages.map(({ to, subject, text, html, links, headers, createdAt }) => ({
        to,
        subject,
        headers,
        text,
        html,
        links,
        createdAt: createdAt.toISOString(),
      })),
    );
  },
});
