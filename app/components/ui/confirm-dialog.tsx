import { Form, Link } from "@remix-run/react";
import { useId, useRef, useState, type ReactNode } from "react";
import { Button, buttonClass } from "./button";
import { DialogLink, Modal } from "./modal";

/** What a destructive action asks before it runs: the question, why it matters and the button's word. */
export interface ConfirmCopy {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Asks for an optional `reason` with this label (an admin's "why", kept in the audit log). */
  reasonLabel?: string;
}

/** The POST that runs once confirmed: its action URL and hidden fields (intent, ids). */
export interface ConfirmPost {
  action: string;
  fields: Record<string, string>;
}

/**
 * A modal alert dialog (role=alertdialog) that asks before a destructive action. Focus moves to
 * Cancel when it opens (the safe choice); see Modal for the rest (inert page, Escape, focus back).
 */
export function ConfirmDialog({
  open,
  onCancel,
  copy,
  post,
}: {
  open: boolean;
  onCancel: () => void;
  copy: ConfirmCopy;
  post: ConfirmPost;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={descriptionId}
      initialFocus={cancelRef}
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {copy.title}
      </h2>
      <div id={descriptionId} className="mt-2 text-sm text-muted">
        {copy.description}
      </div>
      <ConfirmButtons post={post} confirmLabel={copy.confirmLabel} reasonLabel={copy.reasonLabel}>
        <Button ref={cancelRef} variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </ConfirmButtons>
    </Modal>
  );
}

/** The POST form with its hidden fields, Cancel (given) and the red confirm button. */
function ConfirmButtons({
  post,
  confirmLabel,
  reasonLabel,
  children,
}: {
  post: ConfirmPost;
  confirmLabel: string;
  reasonLabel?: string;
  children: ReactNode;
}) {
  const reasonId = useId();
  return (
    <Form method="post" action={post.action} className="mt-5 flex flex-wrap justify-end gap-2">
      {Object.entries(post.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {reasonLabel ? (
        <div className="w-full text-left">
          <label htmlFor={reasonId} className="block text-sm font-medium text-ink">
            {reasonLabel}
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={500}
            className="mt-1.5 w-full rounded-card border border-line bg-surface px-3 py-2 text-sm text-ink"
          />
        </div>
      ) : null}
      {children}
      <Button type="submit" variant="destructive" size="sm">
        {confirmLabel}
      </Button>
    </Form>
  );
}

/**
 * A destructive action's trigger: a quiet link to `confirmHref`, the confirmation page (or step)
 * a browser without JavaScript follows; with JavaScript it opens the ConfirmDialog instead.
 */
export function ConfirmTrigger({
  label,
  confirmHref,
  copy,
  post,
  className,
  children,
}: {
  /** The accessible name of the trigger (e.g. 'Delete Sapphire Preferred'). */
  label: string;
  confirmHref: string;
  copy: ConfirmCopy;
  post: ConfirmPost;
  className?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DialogLink
        href={confirmHref}
        label={label}
        onOpen={() => setOpen(true)}
        className={className ?? buttonClass("secondary", "sm", "text-danger-700")}
      >
        {children}
      </DialogLink>
      <ConfirmDialog open={open} onCancel={() => setOpen(false)} copy={copy} post={post} />
    </>
  );
}

/**
 * The confirmation step rendered by the page itself (`?confirm=...` in the URL), for browsers
 * without JavaScript: the same question, the POST and a Cancel link back to `cancelHref`.
 */
export function ConfirmPanel({ copy, post, cancelHref }: { copy: ConfirmCopy; post: ConfirmPost; cancelHref: string }) {
  const titleId = useId();
  return (
    <section
      role="alertdialog"
      aria-labelledby={titleId}
      className="rounded-card border border-danger-700 bg-surface p-5"
      id="confirm"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {copy.title}
      </h2>
      <div className="mt-2 text-sm text-muted">{copy.description}</div>
      <ConfirmButtons post={post} confirmLabel={copy.confirmLabel} reasonLabel={copy.reasonLabel}>
        <Link to={cancelHref} className={buttonClass("secondary", "sm")}>
          Cancel
        </Link>
      </ConfirmButtons>
    </section>
  );
}
