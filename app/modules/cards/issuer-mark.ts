/**
 * The small mark that stands for a card without art: a short code and a colour per issuer, so two
 * issuers that start with the same letter never look alike ('C' was both Citi and Chase). Known
 * issuers have their own; any other gets its first two letters and a colour picked from its name.
 * Every colour is dark enough for white text (WCAG AA at the mark's size).
 */
const KNOWN: Record<string, { code: string; color: string }> = {
  chase: { code: "CH", color: "#0b4f8a" },
  citi: { code: "CITI", color: "#005b9a" },
  "american express": { code: "AX", color: "#006fcf" },
  "capital one": { code: "C1", color: "#7a1f2b" },
  discover: { code: "DI", color: "#b4470b" },
  "bank of america": { code: "BoA", color: "#b3122b" },
  "wells fargo": { code: "WF", color: "#b0101e" },
  "u.s. bank": { code: "USB", color: "#1c2d6b" },
  bilt: { code: "BI", color: "#1f1f1f" },
  barclays: { code: "BA", color: "#00718f" },
  apple: { code: "AP", color: "#3a3a3c" },
};

const PALETTE = ["#1e40af", "#047857", "#7c2d12", "#5b21b6", "#9d174d", "#134e4a", "#3f3f46", "#1e3a8a"];

export function issuerMark(issuer: string): { code: string; color: string } {
  const key = issuer.trim().toLowerCase();
  const known = KNOWN[key];
  if (known) return known;
  const letters = issuer.replace(/[^\p{L}\p{N}]/gu, "");
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return {
    code: (letters.slice(0, 2) || "?").toUpperCase(),
    color: PALETTE[hash % PALETTE.length]!,
  };
}
