import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Mail } from "lucide-react";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { pageLoader } from "~/http/page-loader.server";
import { listOutbox } from "~/modules/email/mailer.server";
import { assertDevelopment } from "~/utils/dev-only.server";

export const loader = pageLoader({
  access: "anyone",
  async run({ ctx }) {
    assertDevelopment(ctx.env);
    const messages = await listOutbox(ctx.db);
    return {
      messages: messages.map(({ id, to, subject, text, links, headers, createdAt }) => ({
        id,
        to,
        subject,
        headers,
        text,
        links,
        createdAt: createdAt.toISOString(),
      })),
    };
  },
});

/** The development outbox: every email the app would have sent, newest first. */
export default function DevMail() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="outbox-title" className="mx-auto max-w-4xl px-4 py-10">
      <h1 id="outbox-title" className="text-2xl font-semibold">
        Development outbox
      </h1>
      <p className="mt-1 text-sm text-muted">
        Emails are not delivered in development; they are kept here. Also at{" "}
        <a className="text-brand-700 underline" href="/dev/mail.json">
          /dev/mail.json
        </a>
        .
      </p>
      {messages.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
          <Mail aria-hidden className="size-8 text-muted" />
          <p className="mt-3 text-muted">No emails yet.</p>
        </div>
      ) : (
        <ol className="mt-6 space-y-4">
          {messages.map((message) => (
            <li key={message.id} className="rounded-card border border-line bg-surface p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-medium">{message.subject}</h2>
                <time className="text-xs text-muted tabular" dateTime={message.createdAt}>
                  {new Date(message.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC
                </time>
              </div>
              <p className="text-sm text-muted">To: {message.to}</p>
              {Object.keys(message.headers).length > 0 ? (
                <dl aria-label="Headers" className="mt-2 space-y-1 text-xs text-muted">
                  {Object.entries(message.headers).map(([name, value]) => (
                    <div key={name} className="break-all">
                      <dt className="inline font-medium">{name}:</dt> <dd className="inline">{value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              <pre className="mt-3 whitespace-pre-wrap break-words text-sm">{message.text}</pre>
              {message.links.length > 0 ? (
                <ul className="mt-3 space-y-1 text-sm">
                  {message.links.map((link) => (
                    <li key={link}>
                      <a className="break-all text-brand-700 underline" href={link}>
                        {link}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Development outbox - Cardshare" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
