import { Link } from "@remix-run/react";
import { clsx } from "clsx";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { useHydrated } from "~/core/hooks";

/**
 * The one modal dialog of the app (ADR 190): a native <dialog> opened with showModal(). The browser
 * puts it in the top layer and makes the rest of the page inert (no click, Tab or screen reader
 * reaches what is behind), Escape closes it, and on closing it gives the focus back to what had it
 * when it opened (the opener). Focus goes to `initialFocus` (else the browser's choice: the first
 * control) when it opens.
 *
 * Two ways to use it:
 * - opened by the page's state (`open` from useState: the confirmation and report dialogs): the
 *   element is always in the page, closed and empty until `open`; `onClose` runs however it closes
 *   (Escape, or `open` turned false by the caller's Cancel), so the caller's state follows.
 * - opened by the address (`inline`: the apply dialog's `?step=`): the server renders it open, in
 *   the page's flow, for browsers without JavaScript; once JavaScript runs it reopens as a modal.
 */
export function Modal({
  open,
  onClose,
  inline = false,
  id,
  role = "dialog",
  labelledBy,
  describedBy,
  initialFocus,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Rendered open by the server, in the page, for browsers without JavaScript (see above). */
  inline?: boolean;
  id?: string;
  role?: "dialog" | "alertdialog";
  labelledBy: string;
  describedBy?: string;
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Set while an inline dialog is closed only to reopen it as a modal: that close is not the person's.
  const reopening = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!open) {
      // close() while the element is still in the page: the browser gives the focus back.
      if (dialog.open) dialog.close();
      return;
    }
    if (dialog.matches(":modal")) return;
    if (dialog.open) {
      reopening.current = true;
      dialog.close();
    }
    dialog.showModal();
    initialFocus?.current?.focus();
  }, [open, initialFocus]);

  // whitespace-normal: opened from a table cell (the admin lists), the dialog must not inherit nowrap.
  return (
    <dialog
      ref={ref}
      id={id}
      open={inline && open ? true : undefined}
      role={role === "alertdialog" ? role : undefined}
      aria-labelledby={open ? labelledBy : undefined}
      aria-describedby={open ? describedBy : undefined}
      onClose={() => {
        if (reopening.current) {
          reopening.current = false;
          return;
        }
        onClose();
      }}
      className={clsx(
        "m-auto max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-card border border-line bg-surface text-left whitespace-normal text-ink shadow-lg backdrop:bg-ink/40",
        className ?? "max-w-sm p-5",
      )}
    >
      {open ? children : null}
    </dialog>
  );
}

/**
 * What opens a dialog: a link to `href`, the step (or panel) of the page that a browser without
 * JavaScript follows; with JavaScript a click calls `onOpen` instead. `label` names it when its
 * content is an icon or differs from the label.
 */
export function DialogLink({
  href,
  label,
  onOpen,
  className,
  children,
}: {
  href: string;
  label: string;
  onOpen: () => void;
  className?: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Link
      to={href}
      preventScrollReset
      aria-label={children ? label : undefined}
      aria-haspopup={hydrated ? "dialog" : undefined}
      className={className}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children ?? label}
    </Link>
  );
}
