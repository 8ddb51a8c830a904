import { UserText } from "~/components/ui/user-text";

/** A comment's text: line breaks kept, its https links made clickable (<UserText/>). */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-line break-words text-sm text-ink">
      <UserText text={text} linkClassName="text-brand-700" />
    </p>
  );
}
