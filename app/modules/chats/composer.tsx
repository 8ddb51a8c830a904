import { Form, useActionData } from "@remix-run/react";
import { clsx } from "clsx";
import { useState, type KeyboardEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/core/hooks";
import { CHAT_MESSAGES, MESSAGE_MAX_LENGTH, MessageContentSchema } from "./schemas";

/**
 * The composer: a form posting intent=send to /chat (works without JavaScript); with JavaScript
 * it hands the message to `onSend` (the optimistic send), reports typing, sends on Enter
 * (Shift+Enter for a new line) and is disabled while a send is in flight.
 */
export function Composer({
  chatId,
  sending,
  onSend,
  typing,
}: {
  chatId: string;
  sending: boolean;
  onSend: (content: string) => void;
  /** The member's typing, announced to the room (useChatRoom's `typing`). */
  typing: { keyPressed: () => void; stopped: () => void };
}) {
  const actionData = useActionData<{ message: string | null }>();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState("");
  const tooLong = draft.trim().length > MESSAGE_MAX_LENGTH;
  const blank = draft.trim() === "";
  const error = tooLong ? CHAT_MESSAGES.tooLong : (actionData?.message ?? null);

  function changed(value: string) {
    setDraft(value);
    typing.keyPressed();
  }

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const parsed = MessageContentSchema.safeParse(draft);
    if (!parsed.success || sending) return;
    typing.stopped();
    onSend(parsed.data);
    setDraft("");
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  }

  return (
    <Form
      method="post"
      action={`/chat?chatId=${encodeURIComponent(chatId)}`}
      onSubmit={submit}
      className="border-t border-line px-4 py-3"
    >
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="chatId" value={chatId} />
      <div className="flex items-end gap-2">
        <label htmlFor="chat-message" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-message"
          name="content"
          rows={1}
          required
          value={draft}
          onChange={(event) => changed(event.target.value)}
          onKeyDown={keyDown}
          disabled={sending}
          placeholder={sending ? CHAT_MESSAGES.sending : "Type a message..."}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "chat-message-error" : undefined}
          className="max-h-40 min-h-10 flex-1 resize-y rounded-card border border-line bg-surface px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-canvas"
        />
        <button type="submit" disabled={sending || (hydrated && (blank || tooLong))} className={buttonClass("primary")}>
          {sending ? CHAT_MESSAGES.sending : "Send"}
        </button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs">
        <p id="chat-message-error" role={error ? "alert" : undefined} className="text-danger-700">
          {error}
        </p>
        {draft.length > MESSAGE_MAX_LENGTH - 200 ? (
          <span className={clsx("tabular", tooLong ? "text-danger-700" : "text-muted")}>
            {`${draft.trim().length.toLocaleString("en-US")} / ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")}`}
          </span>
        ) : null}
      </div>
    </Form>
  );
}
