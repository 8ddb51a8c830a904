/**
 * Every schema message a person can see is a sentence about their field, never zod's own wording
 * ("Invalid input: expected string, received undefined"). A schema's own `error` (the spec's text)
 * wins; where a field has none for a case, this map words it from the field's name: missing ->
 * "Confirm password is required", wrong type -> "... must be text", bad value -> "... must be at
 * least 8 characters". Installed once on the server (the route kit) and in the browser (root), so
 * conform's client checks say the same as the server. Browser-safe.
 */
import { z } from "zod";

type Issue = z.core.$ZodRawIssue;

/** Ids name what they point at: `cardId` is "Card", `_id` is "ID". */
const SPECIAL_LABELS: Record<string, string> = { _id: "ID", id: "ID", url: "Web address", intent: "Action" };

/** `confirmPassword` -> "Confirm password", `annual_fee` -> "Annual fee", `cardId` -> "Card". */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((part): part is string => typeof part === "string");
  if (!key) return "This value";
  if (SPECIAL_LABELS[key]) return SPECIAL_LABELS[key];
  const words = key
    .replace(/Id$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "This value";
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "yes or no",
  date: "a date",
  array: "a list",
  object: "a set of fields",
  file: "a file",
};

const FORMAT_WORDS: Record<string, string> = {
  email: "a valid email address",
  url: "a full web address starting with https://",
  datetime: "a valid date and time",
  date: "a valid date",
  time: "a valid time",
  uuid: "a valid ID",
  cuid: "a valid ID",
  cuid2: "a valid ID",
  nanoid: "a valid ID",
};

const isEmpty = (input: unknown) => input === undefined || input === null || input === "";

function countWords(origin: string | undefined, count: number | bigint) {
  const n = Number(count);
  if (origin === "string") return `${n} character${n === 1 ? "" : "s"}`;
  if (origin === "array" || origin === "set") return `${n} item${n === 1 ? "" : "s"}`;
  if (origin === "file") return `${n} bytes`;
  return String(count);
}

/** The sentence for one issue that its schema did not word itself. */
export function readableMessage(issue: Issue): string {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case "invalid_type":
      if (issue.path?.length === 0 && issue.expected === "object")
        return "The form could not be read. Please try again.";
      if (isEmpty(issue.input)) return `${label} is required`;
      return `${label} must be ${TYPE_WORDS[issue.expected] ?? "a valid value"}`;
    case "too_small": {
      const origin = issue.origin as string | undefined;
      if (origin === "string" && Number(issue.minimum) <= 1) return `${label} is required`;
      if (origin === "array" || origin === "set")
        return `${label} needs at least ${countWords(origin, issue.minimum as number)}`;
      if (origin === "string" || origin === "file")
        return `${label} must be at least ${countWords(origin, issue.minimum as number)}`;
      return issue.inclusive === false
        ? `${label} must be more than ${issue.minimum}`
        : `${label} must be at least ${issue.minimum}`;
    }
    case "too_big": {
      const origin = issue.origin as string | undefined;
      if (origin === "string" || origin === "array" || origin === "set" || origin === "file")
        return `${label} must be at most ${countWords(origin, issue.maximum as number)}`;
      return issue.inclusive === false
        ? `${label} must be less than ${issue.maximum}`
        : `${label} must be at most ${issue.maximum}`;
    }
    case "invalid_format":
      if (issue.format === "email") return "Please enter a valid email address";
      if (issue.format === "regex") return `${label} contains characters that are not allowed`;
      return `${label} must be ${FORMAT_WORDS[issue.format] ?? "in the right format"}`;
    case "not_multiple_of":
      return Number(issue.divisor) === 1
        ? `${label} must be a whole number`
        : `${label} must be a multiple of ${issue.divisor}`;
    case "invalid_value":
      return isEmpty(issue.input) ? `${label} is required` : `Please choose a valid ${label.toLowerCase()}`;
    case "unrecognized_keys":
      return "The form has fields this page does not know. Please reload the page and try again.";
    case "invalid_key":
    case "invalid_element":
    case "invalid_union":
    case "custom":
    default:
      return isEmpty(issue.input) ? `${label} is required` : `${label} is not valid`;
  }
}

let installed = false;

/** Makes readableMessage zod's fallback for every parse in this runtime (idempotent). */
export function installReadableErrors() {
  if (installed) return;
  installed = true;
  z.config({ customError: readableMessage });
}

installReadableErrors();
