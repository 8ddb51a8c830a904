import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import type { ConfirmCopy, ConfirmPost } from "~/components/ui/confirm-dialog";
import { BLOCK_MESSAGES } from "./schemas";

/** The question Block asks (the chat's info panel, the profile), with or without JavaScript. */
export const blockCopy: ConfirmCopy = {
  title: BLOCK_MESSAGES.confirmTitle,
  description: BLOCK_MESSAGES.confirmBody,
  confirmLabel: "Block",
};

/** The question when an application or a dispute is open between the two: it warns first (ADR 175). */
export function blockCopyFor(openDealings: number): ConfirmCopy {
  return openDealings > 0 ? { ...blockCopy, description: BLOCK_MESSAGES.confirmBodyDealings } : blockCopy;
}

/** A plain POST button (no question: its action is the undo of another). */
export function PostButton({ post, children }: { post: ConfirmPost; children: ReactNode }) {
  return (
    <Form method="post" action={post.action}>
      {Object.entries(post.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="secondary" size="sm">
        {children}
      </Button>
    </Form>
  );
}
