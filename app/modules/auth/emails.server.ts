/** The account emails: plain text first (what the dev outbox and tests read), simple HTML beside. */
import type { OutgoingEmail } from "~/modules/email/mailer.server";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function composeEmail(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): OutgoingEmail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), "", "- The Cardshare team"].join(
    "\n\n",
  );
  const html = [
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : "",
    "<p>- The Cardshare team</p>",
  ].join("\n");
  return { to, subject, text, html };
}

export function verificationEmail(to: string, url: string) {
  return composeEmail(
    to,
    "Verify your email for Cardshare",
    [
      "Welcome to Cardshare! Please confirm this is your email address.",
      "The link works once and expires in 24 hours.",
    ],
    { url, label: "Verify your email" },
  );
}

export function passwordResetEmail(to: string, url: string) {
  return composeEmail(
    to,
    "Reset your Cardshare password",
    [
      "Someone asked to reset the password of your Cardshare account. If it was you, use the link below.",
      "The link works once and expires in 30 minutes. If you did not ask, you can ignore this email.",
    ],
    { url, label: "Choose a new password" },
  );
}

export function passwordChangedEmail(to: string) {
  return composeEmail(to, "Your Cardshare password was changed", [
    "The password of your Cardshare account was just changed, and every other session was signed out.",
    "If this was not you, reset your password now and contact support.",
  ]);
}

/** To the new address of an email change: confirming it makes it the sign-in address. */
export function emailChangeConfirmEmail(to: string, url: string) {
  return composeEmail(
    to,
    "Confirm your new email for Cardshare",
    [
      "You asked to use this address for your Cardshare account. Confirm it to make it your sign-in address; until then your current address stays in use.",
      "The link works once and expires in 24 hours. If you did not ask, you can ignore this email.",
    ],
    { url, label: "Confirm your new email" },
  );
}

/** To the old address of an email change: what is happening, and the link that undoes it. */
export function emailChangeNoticeEmail(to: string, newEmail: string, url: string) {
  return composeEmail(
    to,
    "Your Cardshare email is being changed",
    [
      `Someone signed in to your Cardshare account asked to change its email address to ${newEmail}. This address stays your sign-in address until the new one is confirmed.`,
      "If this was not you, restore your address with the link below: it cancels the change, gives this address back even after the new one was confirmed, and signs out every session. It works once, for 14 days.",
    ],
    { url, label: "Restore my email address" },
  );
}
