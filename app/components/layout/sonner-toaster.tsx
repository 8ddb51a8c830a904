import type { CSSProperties } from "react";
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

/**
 * The toaster itself (docs/product.md#header): top-right below the header, 5000 ms, light theme,
 * Alt+T to reach them, swipe to dismiss. Loaded after hydration by toaster.tsx, so sonner is not among the
 * landing page's preloads; a toast raised before it mounts is shown when it subscribes.
 */
export default function SonnerToaster() {
  return (
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
    />
  );
}
