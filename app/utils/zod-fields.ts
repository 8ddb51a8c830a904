/**
 * Small zod fields that several domains' schemas share, so a rule and its message are written
 * once. Domain-specific fields stay beside their domain's schema.
 */
import { z } from "zod";
import { installReadableErrors } from "~/core/readable-errors";

// Every schema built from these fields words what it leaves unsaid through the readable map.
installReadableErrors();

/**
 * A type error's text: `missing` when nothing was given (absent, null or ""), else `wrongType`, or
 * (when that is not given) the readable fallback ("Bio must be text"), never zod's own wording.
 */
export const whenMissing =
  (missing: string, wrongType?: string) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined || issue.input === null || issue.input === "" ? missing : wrongType;

/** A checkbox (form "on", or absent when unchecked) or a JSON boolean. */
export const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** Optional free text, trimmed, at most `max` characters; absent means "". */
export const optionalText = (max: number, message = `At most ${max} characters`) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value ?? "");

/**
 * What a name must not contain: control characters (NUL, newlines), format characters (zero-width
 * spaces and joiners, the bidirectional marks, embeddings, overrides such as U+202E and isolates,
 * soft hyphens, BOM), line and paragraph separators, and letters that render as nothing (Hangul
 * fillers, the braille blank). They make two names look alike or flip the text around them.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;

export const INVISIBLE_IN_NAME = "Names cannot contain invisible or text-direction characters.";

/** Whether a text shows everything it holds (see INVISIBLE). */
export const isVisibleText = (value: string) => !INVISIBLE.test(value);

/** The same text without invisible or direction-changing characters (names from Google). */
export const stripInvisible = (value: string) => value.replace(new RegExp(INVISIBLE.source, "gu"), "");

/**
 * A name field: trimmed and free of invisible or direction-changing characters, refused first with
 * INVISIBLE_IN_NAME so the 400 says why. Chain the field's own rules after it.
 */
export const nameText = (required?: string) => {
  const text = required
    ? z
        .string({ error: whenMissing(required) })
        .trim()
        .min(1, required)
    : z.string().trim();
  return text.refine(isVisibleText, { error: INVISIBLE_IN_NAME, abort: true });
};

/** An optional name (first or last): like optionalText, and visible. */
export const optionalName = (max: number, message = `At most ${max} characters`) =>
  nameText()
    .max(max, message)
    .optional()
    .transform((value) => value ?? "");
