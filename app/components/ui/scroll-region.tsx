import type { ReactNode } from "react";

/**
 * A frame that scrolls its content (a wide table) sideways when the screen is narrower, so the page
 * never does: a named region a keyboard can focus and scroll (axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a keyboard scrolls it sideways
      tabIndex={0}
      className={`max-w-full overflow-x-auto ${className ?? ""}`}
    >
      {children}
    </div>
  );
}
