/**
 * Small zod fields that several domains' schemas share, so a rule and its message are written
 * once. Domain-specific fields stay beside their domain's schema.
 */
import { z } from "zod";

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
