/**
 * The notification mails (ADR 180): one React Email template per kind, rendered to HTML and to
 * plain text from the same element, in the house style (docs/product.md#look-and-feel: one brand
 * blue, neutral greys, system fonts) and one column that reads at 390 px.
 */
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text, render } from "@react-email/components";
import type { ReactNode } from "react";
import { KIND_INFO, type NotificationKind } from "./kinds";
import type { NotificationContent } from "./messages.server";

const BRAND = "#1d4ed8";
const INK = "#111827";
const MUTED = "#6b7280";
const LINE = "#e5e7eb";
const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const styles = {
  body: { backgroundColor: "#f9fafb", fontFamily: FONT, margin: 0, padding: "24px 0" },
  container: {
    backgroundColor: "#ffffff",
    border: `1px solid ${LINE}`,
    borderRadius: 12,
    margin: "0 auto",
    maxWidth: 560,
    padding: "24px 20px",
    width: "100%",
  },
  brand: { color: BRAND, fontSize: 18, fontWeight: 700, margin: "0 0 16px" },
  heading: { color: INK, fontSize: 20, fontWeight: 600, lineHeight: "28px", margin: "0 0 12px" },
  text: { color: INK, fontSize: 16, lineHeight: "24px", margin: "0 0 12px", overflowWrap: "anywhere" as const },
  quote: {
    borderLeft: `3px solid ${LINE}`,
    color: INK,
    fontSize: 15,
    lineHeight: "22px",
    margin: "0 0 8px",
    paddingLeft: 12,
  },
  deadline: {
    backgroundColor: "#fffbeb",
    border: "1px solid #fcd34d",
    borderRadius: 8,
    color: "#b45309",
    fontSize: 15,
    fontWeight: 600,
    margin: "4px 0 16px",
    padding: "10px 12px",
  },
  button: {
    backgroundColor: BRAND,
    borderRadius: 8,
    color: "#ffffff",
    display: "inline-block",
    fontSize: 16,
    fontWeight: 600,
    padding: "12px 20px",
    textDecoration: "none",
  },
  figureLabel: { color: MUTED, fontSize: 15, lineHeight: "22px", padding: "6px 0", borderBottom: `1px solid ${LINE}` },
  figureValue: {
    color: INK,
    fontSize: 15,
    fontWeight: 600,
    lineHeight: "22px",
    padding: "6px 0",
    textAlign: "right" as const,
    borderBottom: `1px solid ${LINE}`,
  },
  footer: { color: MUTED, fontSize: 13, lineHeight: "20px", margin: "0 0 4px" },
};

export interface MailLinks {
  /** The absolute URL of the content's action, if it has one. */
  action?: { url: string; label: string };
  /** Where the member changes their settings. */
  settingsUrl: string;
  /** The one-click unsubscribe URL of this kind. */
  unsubscribeUrl: string;
}

function formatDeadline(at: number) {
  return new Date(at).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The subject without the brand it starts with, as a sentence: "Cardshare: the share is late" -> "The share is late". */
function headingOf(subject: string) {
  const heading = subject.replace(/^Cardshare: /, "");
  return heading.charAt(0).toUpperCase() + heading.slice(1);
}

/** The frame every notification shares: brand, heading, the kind's body, the action, why you got it. */
function Layout({
  kind,
  content,
  links,
  children,
}: {
  kind: NotificationKind;
  content: NotificationContent;
  links: MailLinks;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{content.lines[0] ?? content.subject}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>Cardshare</Text>
          <Text style={styles.heading}>{headingOf(content.subject)}</Text>
          {children}
          {links.action ? (
            <Section style={{ margin: "8px 0 16px" }}>
              <Button href={links.action.url} style={styles.button}>
                {links.action.label}
              </Button>
            </Section>
          ) : null}
          <Hr style={{ borderColor: LINE, margin: "20px 0 12px" }} />
          <Text style={styles.footer}>
            You get this email because &ldquo;{KIND_INFO[kind].label}&rdquo; is on in your Cardshare settings.
          </Text>
          <Text style={styles.footer}>
            <Link href={links.unsubscribeUrl} style={{ color: MUTED }}>
              Turn these emails off
            </Link>{" "}
            ·{" "}
            <Link href={links.settingsUrl} style={{ color: MUTED }}>
              All notification settings
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const Paragraphs = ({ lines }: { lines: string[] }) => (
  <>
    {lines.map((line, index) => (
      <Text key={index} style={styles.text}>
        {line}
      </Text>
    ))}
  </>
);

/** Label and value per row, one column pair that fits 390 px. */
const Figures = ({ figures }: { figures?: NotificationContent["figures"] }) =>
  figures?.length ? (
    <Section style={{ margin: "4px 0 16px" }}>
      <table className="figures" width="100%" cellPadding={0} cellSpacing={0} role="presentation">
        <tbody>
          {figures.map((figure) => (
            <tr key={figure.label}>
              <td style={styles.figureLabel}>{figure.label}</td>
              <td style={styles.figureValue}>{figure.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  ) : null;

const Deadline = ({ at }: { at?: number }) =>
  at ? <Text style={styles.deadline}>Deadline: {formatDeadline(at)}</Text> : null;

/** Each kind's body: what differs between them (a deadline, quoted lines, figures). */
const BODIES: Record<NotificationKind, (content: NotificationContent) => ReactNode> = {
  applications: (content) => <Paragraphs lines={content.lines} />,
  outcomes: (content) => (
    <>
      <Paragraphs lines={content.lines} />
      <Deadline at={content.deadline} />
    </>
  ),
  disputes: (content) => <Paragraphs lines={content.lines} />,
  chat: (content) => {
    const [intro, ...quoted] = content.lines;
    return (
      <>
        <Text style={styles.text}>{intro}</Text>
        {quoted.map((line, index) => (
          <Text key={index} style={styles.quote}>
            {line}
          </Text>
        ))}
      </>
    );
  },
  links: (content) => <Paragraphs lines={content.lines} />,
  moderation: (content) => <Paragraphs lines={content.lines} />,
  // The week's figures first, then what waits (the lines after the first).
  digest: (content) => {
    const [intro, ...waiting] = content.lines;
    return (
      <>
        <Text style={styles.text}>{intro}</Text>
        <Figures figures={content.figures} />
        <Paragraphs lines={waiting} />
      </>
    );
  },
};

/** Plain text: whole lines (no wrapping at 80), links after their label without brackets. */
const htmlToTextOptions = {
  wordwrap: false as const,
  selectors: [
    { selector: "a", options: { linkBrackets: false as const } },
    { selector: "p", options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
    // The digest's figures: one "label   value" line a row.
    // (Only that table: React Email lays the whole mail out in tables.)
    {
      selector: "table.figures",
      format: "dataTable",
      options: { colSpacing: 3, maxColumnWidth: 200, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
  ],
};

/** The mail of one notification: subject, HTML and plain text from the kind's one template. */
export async function renderNotification(kind: NotificationKind, content: NotificationContent, links: MailLinks) {
  const element = (
    <Layout kind={kind} content={content} links={links}>
      {BODIES[kind](content)}
    </Layout>
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true, htmlToTextOptions })]);
  return { subject: content.subject, html, text };
}
