/** Matches https links only: other schemes (javascript:, data:, http:) stay plain text. */
const HTTPS_LINK = /(https:\/\/[^\s<>"']+)/g;

/**
 * A comment's text, rendered inert: plain text through React (never as HTML), line breaks kept,
 * and only https links made clickable, opened without the referrer and marked as user content.
 */
export function CommentText({ text }: { text: string }) {
  const parts = text.split(HTTPS_LINK);
  return (
    <p className="whitespace-pre-line break-words text-sm text-ink">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a
            key={index}
            href={part}
            target="_blank"
            rel="nofollow ugc noopener noreferrer"
            className="text-brand-700 underline underline-offset-2"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}
