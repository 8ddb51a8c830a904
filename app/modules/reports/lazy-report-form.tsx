import { lazy, Suspense, type ComponentProps } from "react";
import { ReportForm as ReportFormNow } from "./report-form";

// The report panel opens on a click (or `?report=` without JavaScript): the browser loads it beside
// the page, not in its preloads; the Worker renders it at once (the pattern of
// app/components/ui/user-text.tsx, whose comment says why).
const load = () => import("./report-form").then((module) => ({ default: module.ReportForm }));
if (!import.meta.env.SSR) void load();
const ReportFormLater = import.meta.env.SSR ? ReportFormNow : lazy(load);

/** ReportForm, kept out of the page's preloaded JavaScript. */
export function LazyReportForm(props: ComponentProps<typeof ReportFormNow>) {
  return (
    <Suspense fallback={null}>
      <ReportFormLater {...props} />
    </Suspense>
  );
}
