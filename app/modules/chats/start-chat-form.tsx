import { Form } from "@remix-run/react";
import { MessageCircle } from "lucide-react";
import { Button } from "~/components/ui/button";

export const START_CHAT_PATH = "/chat";

/**
 * The Chat button of a referral or profile: a plain form post to /chat that opens the direct chat
 * with that user (creating it the first time) and lands on /chat?chatId=. Hidden for oneself by
 * the caller.
 */
export function StartChatForm({
  userId,
  referralId,
  label = "Chat",
}: {
  userId: string;
  /** The referral the chat is about (its page's Chat button); the chat's header links to it. */
  referralId?: string;
  label?: string;
}) {
  return (
    <Form method="post" action={START_CHAT_PATH}>
      <input type="hidden" name="intent" value="start-direct" />
      <input type="hidden" name="userId" value={userId} />
      {referralId ? <input type="hidden" name="referralId" value={referralId} /> : null}
      <Button type="submit" variant="secondary">
        <MessageCircle aria-hidden className="size-4" />
        {label}
      </Button>
    </Form>
  );
}
