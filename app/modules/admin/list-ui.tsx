/** Small pieces shared by the admin lists: the pager and the table frame. */
import { FormError } from "~/components/forms/form-error";
import { Link, useSearchParams } from "@remix-run/react";
import { type ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";

/** First / Next page links for a keyset-paged list (the cursor lives in the URL). */
export function Pager({ nextCursor }: { nextCursor: string | null }) {
  const [params] = useSearchParams();
  const to = (cursor: string | null) => {
    const next = new URLSearchParams(params);
    if (cursor) next.set("cursor", cursor);
    else next.delete("cursor");
    return `?${next}`;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex gap-3">
      {params.get("cursor") ? (
        <Link to={to(null)} className={buttonClass("secondary", "sm")}>
          First page
        </Link>
      ) : null}
      {nextCursor ? (
        <Link to={to(nextCursor)} className={buttonClass("secondary", "sm")}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/** A dense, horizontally scrollable table with a caption for screen readers. */
export function AdminTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-card border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-canvas text-xs uppercase tracking-wide text-muted">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-3 py-2 align-top";
export const inputClass = "mt-1.5 h-10 rounded-card border border-line bg-surface px-3 text-sm";

/** An empty list's message inside the table. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-8 text-center text-muted">
        {children}
      </td>
    </tr>
  );
}

/** A refused row action: said once, a toast with JavaScript, above the list without (<FormError/>). */
export function ActionError({ message }: { message: string | undefined }) {
  return (
    <div className="mt-4 empty:hidden">
      <FormError message={message} />
    </div>
  );
}
