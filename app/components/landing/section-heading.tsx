import { clsx } from "clsx";
import type { ReactNode } from "react";

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: "left" | "center";
}

/** The eyebrow, <h2> and lead paragraph that open each landing section. */
export function SectionHeading({ id, eyebrow, title, children, align = "center" }: SectionHeadingProps) {
  return (
    <div className={clsx("max-w-2xl", align === "center" && "mx-auto text-center")}>
      <p className="text-sm font-semibold text-brand-700">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-base leading-7 text-muted">{children}</p> : null}
    </div>
  );
}
