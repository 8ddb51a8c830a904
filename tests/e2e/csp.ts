import type { Page } from "@playwright/test";

/**
 * One Content-Security-Policy refusal the browser reported: as a DOM event, as an issue of
 * DevTools' Issues panel, or as an error on its console.
 */
export interface CspViolation {
  source: "event" | "issue" | "console";
  detail: string;
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Watches a page for Content-Security-Policy refusals: every `securitypolicyviolation` event
 * (collected from the first byte of each document, by a script Playwright runs before the page's
 * own), and what Chromium tells DevTools about the policy, read through its protocol: the issues
 * (where a refused `eval` goes, even one the page catches) and the console errors, the two that
 * Lighthouse counts against best practices. `take()` returns and forgets what the current document reported so far.
 */
export async function watchCsp(page: Page) {
  const logged: CspViolation[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on("Audits.issueAdded", ({ issue }) => {
    const details = issue.details.contentSecurityPolicyIssueDetails;
    if (issue.code === "ContentSecurityPolicyIssue" && details) {
      const where = details.sourceCodeLocation ?? { url: details.blockedURL ?? "?", lineNumber: -1 };
      logged.push({
        source: "issue",
        detail: `${details.violatedDirective} ${details.contentSecurityPolicyViolationType} at ${where.url}:${where.lineNumber + 1}`,
      });
    }
  });
  cdp.on("Log.entryAdded", ({ entry }) => {
    if (entry.level === "error" && /Content Security Policy|Content-Security-Policy/i.test(entry.text))
      logged.push({ source: "console", detail: entry.text });
  });
  await cdp.send("Audits.enable");
  await cdp.send("Log.enable");
  await page.addInitScript(() => {
    const seen: string[] = (window.__cspViolations = []);
    document.addEventListener(
      "securitypolicyviolation",
      (event) =>
        seen.push(
          `${event.effectiveDirective} refused ${event.blockedURI || "(inline)"} at ${event.sourceFile || "?"}:${event.lineNumber}`,
        ),
      true,
    );
  });
  return {
    async take(): Promise<CspViolation[]> {
      // The event is queued as a task: let the page run the ones already fired.
      const events = await page.evaluate(
        () => new Promise<string[]>((resolve) => setTimeout(() => resolve(window.__cspViolations?.splice(0) ?? []))),
      );
      return [...events.map((detail) => ({ source: "event" as const, detail })), ...logged.splice(0)];
    },
  };
}
