import { Link } from "@remix-run/react";
import { clsx } from "clsx";
import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import { useHydrated } from "~/core/hooks";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (aria-modal) over a dimmed page: focus moves to `initialFocus` (else the first
 * field) when it opens, Tab and Shift+Tab stay inside it, Escape cancels, and focus returns to what
 * opened it when it closes. The confirm dialog and the report dialog are built on it.
 */
export function Modal({
  open,
  onCancel,
  role = "dialog",
  labelledBy,
  describedBy,
  initialFocus,
  className,
  children,
}: {
  open: boolean;
  onCancel: () => void;
  role?: "dialog" | "alertdialog";
  labelledBy: string;
  describedBy?: string;
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? panelRef.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onCancel();
        return;
      }
      if (event.key !== "Tab" || !panelRef.current) return;
      const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      const inside = panelRef.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      // The opener may be gone (the row was deleted); then focus stays where the page puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, [open, onCancel, initialFocus]);

  if (!open) return null;
  // whitespace-normal: opened from a table cell (the admin lists), the dialog must not inherit nowrap.
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-ink/40 p-4">
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={clsx(
          "max-h-full w-full overflow-y-auto rounded-card border border-line bg-surface p-5 text-left whitespace-normal text-ink shadow-lg",
          className ?? "max-w-sm",
        )}
      >
        {children}
      </div>
    </div>
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
