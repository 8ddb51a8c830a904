import { forwardRef, useEffect, useImperativeHandle, useRef, type DetailsHTMLAttributes } from "react";

/** docs/product.md#header: an open menu closes by itself after 8000 ms without use (the spec's dropdown timer). */
export const MENU_CLOSE_MS = 8000;

/** The one menu open in the page: opening another closes it. */
let openMenu: HTMLDetailsElement | null = null;

function summaryOf(details: HTMLDetailsElement) {
  return details.querySelector<HTMLElement>(":scope > summary");
}

/**
 * How a menu gives the focus back when it closes: to its button (the summary) after Escape or a
 * choice; to its button only if the focus was inside (the timer, another menu opening, so the
 * focus is not lost to the page); nowhere after a click or Tab elsewhere (the focus is going there).
 */
type FocusReturn = "summary" | "if-inside" | "stay";

/** A dialog opened from inside the menu (e.g. a delete confirmation) keeps its menu open until it closes. */
const DIALOG = "dialog[open]";

function closeMenu(details: HTMLDetailsElement, focus: FocusReturn) {
  if (!details.open || details.querySelector(DIALOG)) return;
  const focusWasInside = details.contains(document.activeElement);
  details.open = false;
  if (focus === "summary" || (focus === "if-inside" && focusWasInside)) summaryOf(details)?.focus();
}

/**
 * Turns a native <details> into a menu once JavaScript runs (without it, it stays a disclosure that
 * opens and closes from its summary): it closes on a click outside, on Escape, on a choice (a link
 * or button inside it), when the focus leaves it and after `closeAfterMs` without use, returning the
 * focus to its summary, and only one menu is open at a time.
 */
export function useMenuDetails(ref: { current: HTMLDetailsElement | null }, closeAfterMs = MENU_CLOSE_MS) {
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restartTimer = () => {
      clearTimeout(timer);
      if (details.open) timer = setTimeout(() => closeMenu(details, "if-inside"), closeAfterMs);
    };
    const onToggle = () => {
      if (details.open) {
        if (openMenu && openMenu !== details) closeMenu(openMenu, "stay");
        openMenu = details;
      } else if (openMenu === details) {
        openMenu = null;
      }
      restartTimer();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) closeMenu(details, "stay");
    };
    const onKeyDown = (event: KeyboardEvent) => {
      // With a dialog open inside the menu, Escape is the dialog's.
      if (event.key !== "Escape" || !details.open || details.querySelector(DIALOG)) return;
      event.preventDefault();
      closeMenu(details, "summary");
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      const summary = summaryOf(details);
      const choice = target.closest("a[href], button");
      // A choice inside the menu (not the summary itself, which toggles it natively, nor an item
      // that opens a dialog, which the menu must keep showing).
      if (choice?.getAttribute("aria-haspopup") === "dialog") return;
      if (choice && details.contains(choice) && !summary?.contains(choice)) closeMenu(details, "summary");
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !details.contains(next)) closeMenu(details, "stay");
    };
    details.addEventListener("toggle", onToggle);
    details.addEventListener("click", onClick);
    details.addEventListener("focusout", onFocusOut);
    details.addEventListener("pointermove", restartTimer);
    details.addEventListener("keyup", restartTimer);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    // Opened before hydration (a click while the page loaded): take part from now on.
    if (details.open) onToggle();
    return () => {
      clearTimeout(timer);
      if (openMenu === details) openMenu = null;
      details.removeEventListener("toggle", onToggle);
      details.removeEventListener("click", onClick);
      details.removeEventListener("focusout", onFocusOut);
      details.removeEventListener("pointermove", restartTimer);
      details.removeEventListener("keyup", restartTimer);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [ref, closeAfterMs]);
}

export interface MenuDetailsProps extends DetailsHTMLAttributes<HTMLDetailsElement> {
  /** Closes the menu after this long without use (default: the spec's 8000 ms). */
  closeAfterMs?: number;
}

/**
 * A menu built on <details>/<summary> (its first child must be the <summary>): see useMenuDetails.
 * Use it for every dropdown, popover or hamburger menu; a plain disclosure that shows more content
 * in place stays a bare <details>.
 */
export const MenuDetails = forwardRef<HTMLDetailsElement, MenuDetailsProps>(function MenuDetails(
  { closeAfterMs = MENU_CLOSE_MS, children, ...props },
  forwarded,
) {
  const ref = useRef<HTMLDetailsElement>(null);
  useImperativeHandle(forwarded, () => ref.current!, []);
  useMenuDetails(ref, closeAfterMs);
  return (
    <details ref={ref} data-menu="" {...props}>
      {children}
    </details>
  );
});
