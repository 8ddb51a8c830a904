import { useEffect, type CSSProperties } from "react";
import { Toaster as Sonner, toast as showToast } from "sonner";
import type { Toast } from "~/utils/toast.server";

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

/** Toasts of spec section 9: top-right, 5000 ms, light theme, Alt+T to reach them, swipe to dismiss. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      duration={5000}
      theme="light"
      hotkey={["altKey", "KeyT"]}
      richColors
      closeButton
      style={RICH_COLORS}
    />
  );
}

/** Shows the flash toast the root loader read from the last action's redirect. */
export function useFlashToast(toast: Toast | null) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "message" ? showToast : showToast[toast.type];
    // Defer so the toaster has mounted on the first render.
    const timer = setTimeout(
      () =>
        show(toast.title ?? toast.description, {
          id: toast.id,
          description: toast.title ? toast.description : undefined,
        }),
      0,
    );
    return () => clearTimeout(timer);
  }, [toast]);
}

/**
 * The flash toast rendered as plain text for browsers without JavaScript, in a live region so
 * screen readers announce it too.
 */
export function NoScriptToast({ toast }: { toast: Toast | null }) {
  if (!toast) return null;
  return (
    <noscript>
      <div role="status" className="mx-auto mt-4 max-w-6xl px-4">
        <p className="rounded-card border border-line bg-surface px-4 py-3 text-sm text-ink shadow-sm">
          {toast.title ? <strong className="mr-2">{toast.title}</strong> : null}
          {toast.description}
        </p>
      </div>
    </noscript>
  );
}
