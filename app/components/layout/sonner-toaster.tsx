import type { CSSProperties, PointerEvent } from "react";
import { Toaster as Sonner } from "sonner";

/**
 * Sonner's rich colours taken from the design tokens: its own light-theme text colours (e.g.
 * success green on pale green, 4.3:1) miss WCAG AA's 4.5:1 for the toast's small text.
 */
const RICH_COLORS = {
  "--success-bg": "var(--color-success-50)",
  "--success-text": "var(--color-success-700)",
  "--info-bg": "var(--color-brand-50)",
  "--info-text": "var(--color-brand-800)",
  "--warning-bg": "var(--color-warning-50)",
  "--warning-text": "var(--color-warning-700)",
  "--error-bg": "var(--color-danger-50)",
  "--error-text": "var(--color-danger-700)",
} as CSSProperties;

/** The sticky header's height (site-header.tsx: h-16 plus its 1 px border). */
const HEADER_PX = 65;

/**
 * Toasts sit below the header, never over its account menu or Sign in (issue 19): sonner's own
 * offsets (24 px, 16 px on phones) are measured from the top of the window.
 */
const OFFSET = { top: HEADER_PX + 16, right: 24 };
const MOBILE_OFFSET = { top: HEADER_PX + 8, right: 16, left: 16 };

/** The spec's drag-to-dismiss threshold: a toast goes once dragged 80% of its width (or height). */
export const SWIPE_DISMISS_FRACTION = 0.8;

/**
 * Sonner dismisses a toast dragged 45 px or flicked, and takes no threshold prop. Its pointer-up
 * handler reads how far the toast was dragged from the toast's `--swipe-amount-x` / `-y`; this
 * runs first (capture phase) and zeroes a drag short of the fraction, so sonner snaps it back.
 */
function holdShortSwipes(event: PointerEvent<HTMLElement>) {
  const toast = (event.target as Element).closest<HTMLElement>("[data-sonner-toast]");
  if (!toast) return;
  const dragged = (axis: "x" | "y") =>
    Math.abs(Number.parseFloat(toast.style.getPropertyValue(`--swipe-amount-${axis}`)) || 0);
  const { width, height } = toast.getBoundingClientRect();
  if (dragged("x") >= SWIPE_DISMISS_FRACTION * width || dragged("y") >= SWIPE_DISMISS_FRACTION * height) return;
  toast.style.setProperty("--swipe-amount-x", "0px");
  toast.style.setProperty("--swipe-amount-y", "0px");
}

/**
 * A toast's words cannot be selected: sonner gives up a swipe while any text is selected, and it
 * turns selecting off only once a drag has moved the toast (a render later), so a mouse drag could
 * select the words instead of dismissing the toast.
 */
const TOAST_OPTIONS = { className: "select-none" };

/**
 * The toaster itself (docs/product.md#header): top-right below the header, 5000 ms, light theme,
 * Alt+T to reach them, dragged 80% of the way to dismiss, words not selectable. Loaded after
 * hydration by toaster.tsx, so sonner is not among the landing page's preloads; a toast raised
 * before it mounts is shown when it subscribes.
 */
export default function SonnerToaster() {
  return (
    <div className="contents" onPointerUpCapture={holdShortSwipes}>
      <Sonner
        position="top-right"
        duration={5000}
        theme="light"
        hotkey={["altKey", "KeyT"]}
        richColors
        closeButton
        style={RICH_COLORS}
        offset={OFFSET}
        mobileOffset={MOBILE_OFFSET}
        toastOptions={TOAST_OPTIONS}
      />
    </div>
  );
}
