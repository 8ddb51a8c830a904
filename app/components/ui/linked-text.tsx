import { textSegments } from "~/core/text-links";

/** What every link in a member's text carries: not endorsed, user content, no opener. */
export const USER_LINK_REL = "nofollow ugc noopener";

export interface LinkedTextProps {
  text: string;
  /** The links' colour where the text's own would not do (underlined either way). */
  linkClassName?: string;
}

/**
 * A member's text rendered inert: plain text through React (never as HTML), and only its https
 * links (app/core/text-links.ts) made into anchors that open in a new tab. Load it through
 * <UserText/>, which keeps linkify-it out of the page's preloads.
 */
export default function LinkedText({ text, linkClassName = "" }: LinkedTextProps) {
  return textSegments(text).map((segment, index) =>
    segment.href ? (
      <a
        key={index}
        href={segment.href}
        target="_blank"
        rel={USER_LINK_REL}
        className={`underline underline-offset-2 ${linkClassName}`}
      >
        {segment.text}
      </a>
    ) : (
      segment.text
    ),
  );
}
