import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { useHydrated } from "~/core/hooks";
import type { Toast } from "~/utils/toast";

/**
 * The toaster, loaded once the page is hydrated: sonner (~10 KB gz) stays out of the JavaScript
 * every page preloads (the landing budget, docs/decisions/090-three-rings.md). Every toast goes
 * through `toast` or `showToast` below, which fetch sonner on first use.
 */
const SonnerToaster = lazy(() => import("./sonner-toaster"));

export function Toaster() {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

type ToastKind = Toast["type"];

/** Raises a toast from code every page loads (the root, the realtime provider), fetching sonner on first use. */
export async function showToast(
  kind: ToastKind,
  message: ReactNode,
  options: { id?: string | number; description?: string; duration?: number } = {},
) {
  const { toast } = await import("sonner");
  (kind === "message" ? toast : toast[kind])(message, options);
}

type ToastOptions = Parameters<typeof showToast>[2];

/**
 * The toasts pages raise (`toast.error(message)`), shaped like sonner's but fetching it on first
 * use, so no page carries sonner in the JavaScript it preloads.
 */
export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => void showToast("success", message, options),
  error: (message: ReactNode, options?: ToastOptions) => void showToast("error", message, options),
  info: (message: ReactNode, options?: ToastOptions) => void showToast("info", message, options),
};

/** Shows the flash toast the root loader read from the last action's redirect. */
export function useFlashToast(toast: Toast | null) {
  useEffect(() => {
    if (!toast) return;
    void showToast(toast.type, toast.title ?? toast.description, {
      id: toast.id,
      description: toast.title ? toast.description : undefined,
    });
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
