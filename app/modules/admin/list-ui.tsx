/** Small pieces shared by the admin lists: the pager, the table frame and the confirmation of row actions. */
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { Fragment } from "react";
import type { ReactNode } from "react";
import { FormError } from "~/components/forms/form-error";
import { ConfirmPanel, ConfirmTrigger, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { Button, buttonClass } from "~/components/ui/button";
import { ScrollRegion } from "~/components/ui/scroll-region";

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

/**
 * The admin lists' one table frame: the table fills the page's width and its cells wrap, so at
 * 1280 px every column shows; below `minWidth` (the width its columns need to stay readable) the
 * frame scrolls sideways, never the page, and a keyboard can scroll it (a focusable region).
 */
export function AdminTable({
  caption,
  head,
  children,
  minWidth = "44rem",
}: {
  caption: string;
  head: string[];
  children: ReactNode;
  minWidth?: string;
}) {
  return (
    <ScrollRegion label={caption} className="mt-4 rounded-card border border-line bg-surface">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-canvas text-xs uppercase tracking-wide text-muted">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A keyset-paged admin list: its table (AdminTable), one row per item or the empty message, and
 * the pager under it.
 */
export function AdminList<Item extends { id: string }>({
  items,
  empty,
  nextCursor,
  row,
  ...table
}: {
  caption: string;
  head: string[];
  minWidth?: string;
  items: readonly Item[];
  /** What the table says when nothing matches ('No users found.'). */
  empty: string;
  nextCursor: string | null;
  row: (item: Item) => ReactNode;
}) {
  return (
    <>
      <AdminTable {...table}>
        {items.length === 0 ? (
          <EmptyRow columns={table.head.length}>{empty}</EmptyRow>
        ) : (
          items.map((item) => <Fragment key={item.id}>{row(item)}</Fragment>)
        )}
      </AdminTable>
      <Pager nextCursor={nextCursor} />
    </>
  );
}

/** An admin list's GET filter form: its fields, then the submit button and a link clearing them. */
export function AdminFilterForm({
  label,
  search = false,
  submit,
  clear,
  children,
}: {
  label?: string;
  /** A search (role="search") rather than a set of filters. */
  search?: boolean;
  submit: string;
  clear: { to: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      className="mt-6 flex flex-wrap items-end gap-3"
      aria-label={label}
      role={search ? "search" : undefined}
    >
      {children}
      <Button type="submit" variant="secondary">
        {submit}
      </Button>
      {clear ? (
        <Link to={clear.to} className="text-sm text-brand-700 underline">
          {clear.label}
        </Link>
      ) : null}
    </Form>
  );
}

/** A member's name in a list, linking to their profile. */
export function ProfileLink({ id, name, className = "" }: { id: string; name: string; className?: string }) {
  return (
    <Link to={`/profile/${id}`} className={`text-brand-700 underline ${className}`.trim()}>
      {name}
    </Link>
  );
}

export const cellClass = "px-3 py-2 align-top";
/** A date cell: never wrapped. */
export const dateCellClass = "px-3 py-2 align-top tabular whitespace-nowrap";
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

/** The `?confirm=<intent>:<id>` of a row action being confirmed without JavaScript. */
export function useConfirming() {
  const [params] = useSearchParams();
  const [intent, ...rest] = (params.get("confirm") ?? "").split(":");
  const id = rest.join(":");
  return intent && id ? { intent, id } : null;
}

/** Where a row action posts: the list's URL, with `index` for an index route (e.g. the cards list). */
function postUrl(back: string, indexRoute: boolean) {
  if (!indexRoute) return back;
  return `${back}${back.includes("?") ? "&" : "?"}index`;
}

/** The list's URL with `confirm` set (or removed with null), filters and page kept. */
function withConfirm(params: URLSearchParams, pathname: string, value: string | null) {
  const next = new URLSearchParams(params);
  next.delete("index");
  if (value === null) next.delete("confirm");
  else next.set("confirm", value);
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * A destructive row action (delete, deactivate, revoke): a quiet button that asks first, in a
 * dialog with JavaScript and on a confirmation step in the page (`?confirm=`) without it.
 */
export function ConfirmRowAction({
  intent,
  id,
  label,
  copy,
  indexRoute = false,
}: {
  intent: string;
  id: string;
  /** The accessible name, e.g. 'Delete Sapphire Preferred'. */
  label: string;
  copy: ConfirmCopy;
  indexRoute?: boolean;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const back = withConfirm(params, pathname, null);
  return (
    <ConfirmTrigger
      label={label}
      confirmHref={withConfirm(params, pathname, `${intent}:${id}`)}
      copy={copy}
      post={{ action: postUrl(back, indexRoute), fields: { intent, id, redirectTo: back } }}
    >
      {copy.confirmLabel}
    </ConfirmTrigger>
  );
}

/** The no-JavaScript confirmation step of the row action in `?confirm=`, above the list. */
export function ConfirmRowStep({
  copyOf,
  indexRoute = false,
}: {
  copyOf: (intent: string, id: string) => ConfirmCopy | null;
  indexRoute?: boolean;
}) {
  const confirming = useConfirming();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (!confirming) return null;
  const copy = copyOf(confirming.intent, confirming.id);
  if (!copy) return null;
  const back = withConfirm(params, pathname, null);
  return (
    <div className="mt-4">
      <ConfirmPanel
        copy={copy}
        post={{
          action: postUrl(back, indexRoute),
          fields: { intent: confirming.intent, id: confirming.id, redirectTo: back },
        }}
        cancelHref={back}
      />
    </div>
  );
}

/** A row action that needs no question (reactivate, reopen): a quiet button posting its intent. */
export function RowButton({
  id,
  intent,
  label,
  children,
}: {
  id: string;
  intent: string;
  label: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Button type="submit" size="sm" variant="ghost" name="intent" value={intent} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}

/**
 * A row's two-way action: while `asks` the destructive one that asks first (deactivate, revoke
 * admin), else a quiet button taking it back or granting it (reopen, reactivate, make admin).
 */
export function RowToggle({
  id,
  asks,
  confirm,
  button,
}: {
  id: string;
  asks: boolean;
  confirm: { intent: string; label: string; copy: ConfirmCopy };
  button: { intent: string; label: string; text: string };
}) {
  if (asks) return <ConfirmRowAction id={id} {...confirm} />;
  return (
    <RowButton id={id} intent={button.intent} label={button.label}>
      {button.text}
    </RowButton>
  );
}
