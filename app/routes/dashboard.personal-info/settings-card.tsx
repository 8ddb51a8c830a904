import type { ReactNode } from "react";

/** The page's own URL: where its Cancel links and the error page's Retry go. */
export const PATH = "/dashboard/personal-info";

/** One titled section of the page (Profile, Privacy, Password). */
export function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `${title.toLowerCase().replace(/\W+/g, "-")}-card`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-surface p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
