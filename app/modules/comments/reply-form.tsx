import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { TextareaField } from "~/components/forms/field";
import { FormError, useFlashFormError } from "~/components/forms/form-error";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";
import { commentFormId } from "./form-ids";
import { COMMENTS_ACTION, HiddenFields, ReplyForm } from "./forms";
import { COMMENT_MAX_LENGTH } from "./schemas";

type ReplyProps = { referralId: string; reviewId: string };

/**
 * The referrer's reply form as a thread first renders it (issue 34): ReplyForm's HTML, a plain post
 * to /comments, without conform's form state or a fetcher (ten of those were an eighth of /refer's
 * CPU on the Worker, in closed disclosures nobody had opened). When its disclosure opens, ReplyForm
 * takes its place: the same fields, conform's messages, the fetcher and the toast. Text typed
 * before the swap, and the focus, carry over.
 */
export function ReplyFormWhenOpened({ referralId, reviewId }: ReplyProps) {
  const plain = useRef<HTMLFormElement>(null);
  const [carried, setCarried] = useState<{ text: string; focused: boolean } | null>(null);
  useEffect(() => {
    const details = plain.current?.closest("details") ?? null;
    const upgrade = () => {
      const textarea = plain.current?.elements.namedItem("comment");
      if (!(textarea instanceof HTMLTextAreaElement) || (details && !details.open)) return;
      setCarried((done) => done ?? { text: textarea.value, focused: document.activeElement === textarea });
    };
    upgrade();
    details?.addEventListener("toggle", upgrade);
    return () => details?.removeEventListener("toggle", upgrade);
  }, []);
  const formId = commentFormId.reply(reviewId);
  useEffect(() => {
    if (!carried) return;
    const textarea = document.getElementById(`${formId}-comment`);
    if (!(textarea instanceof HTMLTextAreaElement)) return;
    if (carried.text) {
      textarea.value = carried.text;
      // conform and the submit button's blank check follow input events.
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (carried.focused) textarea.focus();
  }, [carried, formId]);
  return carried ? (
    <ReplyForm referralId={referralId} reviewId={reviewId} />
  ) : (
    <PlainReplyForm referralId={referralId} reviewId={reviewId} formRef={plain} />
  );
}

/** ReplyForm's markup with nothing behind it: works as a plain post, costs a few elements. */
function PlainReplyForm({ referralId, reviewId, formRef }: ReplyProps & { formRef: RefObject<HTMLFormElement> }) {
  const formId = commentFormId.reply(reviewId);
  const location = useLocation();
  const hydrated = useHydrated();
  // A plain post's refusal, beside the form until JavaScript runs (then the root toasts it).
  const flashError = useFlashFormError(formId);
  return (
    <form ref={formRef} method="post" action={COMMENTS_ACTION} id={formId} noValidate className="space-y-2">
      <HiddenFields
        values={{
          intent: "reply",
          referralId,
          originalCommentId: reviewId,
          redirectTo: `${location.pathname}${location.search}`,
          formId,
        }}
      />
      <FormError message={hydrated ? null : flashError} />
      <TextareaField
        label="Your reply"
        textareaProps={{
          required: true,
          id: `${formId}-comment`,
          name: "comment",
          form: formId,
          maxLength: COMMENT_MAX_LENGTH,
          rows: 2,
        }}
      />
      <Button type="submit" size="sm">
        Reply
      </Button>
    </form>
  );
}
