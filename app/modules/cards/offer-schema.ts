/**
 * The welcome offer's schema for pages' and /api's JSON, apart from value.ts so pages that only
 * format an offer (the landing, the catalogue) do not load zod.
 */
import { z } from "zod";
import { BONUS_UNITS } from "../../../db/enums";

/** A card's welcome offer in pages and /api answers (null when it has none). */
export const WelcomeOfferSchema = z.object({
  amount: z.number(),
  unit: z.enum(BONUS_UNITS),
  /** Minimum spend in whole US dollars (0: none stated). */
  minSpend: z.number(),
  /** Months to meet it (0: not stated). */
  months: z.number().int(),
  /** Estimated value in US dollars (null when the unit has no estimate). */
  estimatedValue: z.number().nullable(),
});
