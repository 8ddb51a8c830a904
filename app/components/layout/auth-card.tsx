import type { ReactNode } from "react";

/** The narrow centred card of the account screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section aria-labelledby="auth-card-title" className="rounded-card border border-line bg-surface p-6 shadow-sm">
        <h1 id="auth-card-title" className="text-xl font-semibold">
          {title}
        </h1>
        <div className="mt-4 space-y-4">{children}</div>
      </section>
    </div>
  );
}
