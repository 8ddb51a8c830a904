import { Link } from "@remix-run/react";
import { useId, useState, type ReactNode } from "react";
import { DialogLink, Modal } from "~/components/ui/modal";
import { Button, buttonClass } from "~/components/ui/button";
import type { ReportTarget } from "../../../db/enums";
import { NOUNS, ReportFormBody } from "./report-form";

export interface ReportTargetRef {
  targetType: ReportTarget;
  targetId: string;
  /** What is reported, quoted above the form (a message's text). */
  quote?: string;
}

/** The report form in a titled frame: the dialog's content, and the no-JavaScript panel's. */
function ReportContent({
  target,
  titleId,
  redirectTo,
  onSent,
  cancel,
}: {
  target: ReportTargetRef;
  titleId: string;
  redirectTo?: string;
  onSent?: () => void;
  cancel: ReactNode;
}) {
  return (
    <>
      <h2 id={titleId} className="text-lg font-semibold">
        {`Report this ${NOUNS[target.targetType]}`}
      </h2>
      {target.quote ? (
        <blockquote className="mt-2 max-h-32 overflow-y-auto rounded-card border-l-4 border-line bg-canvas px-3 py-2 text-sm whitespace-pre-wrap break-words">
          {target.quote}
        </blockquote>
      ) : null}
      <ReportFormBody
        targetType={target.targetType}
        targetId={target.targetId}
        redirectTo={redirectTo}
        onSent={onSent}
        className="mt-3"
        cancel={cancel}
      />
    </>
  );
}

/**
 * Reporting from a list (chat messages, the chat's member): a quiet link to `noScriptHref` (the page
 * then shows ReportPanel) that, with JavaScript, opens the report form in a modal dialog instead.
 */
export function ReportTrigger({
  target,
  label,
  noScriptHref,
  className,
  children,
}: {
  target: ReportTargetRef;
  /** The accessible name (e.g. 'Report message from Bob'). */
  label: string;
  noScriptHref: string;
  className?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <DialogLink href={noScriptHref} label={label} onOpen={() => setOpen(true)} className={className}>
        {children}
      </DialogLink>
      <Modal open={open} onClose={close} labelledBy={titleId} className="max-w-md p-5">
        <ReportContent
          target={target}
          titleId={titleId}
          onSent={close}
          cancel={
            <Button variant="secondary" size="sm" onClick={close}>
              Cancel
            </Button>
          }
        />
      </Modal>
    </>
  );
}

/**
 * The report form shown in the page (`?report=...` in the address), for browsers without
 * JavaScript: the same form, coming back to `backHref` once sent, and a Cancel link there.
 */
export function ReportPanel({ target, backHref }: { target: ReportTargetRef; backHref: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} id="report" className="rounded-card border border-line bg-surface p-5">
      <ReportContent
        target={target}
        titleId={titleId}
        redirectTo={backHref}
        cancel={
          <Link to={backHref} className={buttonClass("secondary", "sm")}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}
