/**
 * Point valuations as admins edit them (docs/decisions/185): cents per point or mile of a rewards
 * program, and why it changed. Browser-safe: the admin form and its action parse with it.
 */
import { z } from "zod";

export const VALUATION_MESSAGES = {
  cents: "Enter the value of one point in cents, from 0.01 to 10 (e.g. 2.05)",
  notFound: "That rewards program does not exist.",
  updated: (program: string, cents: number) => `${program}: now ${cents}¢ a point`,
} as const;

export const ValuationEditSchema = z.object({
  id: z.string({ error: VALUATION_MESSAGES.notFound }).trim().min(1, VALUATION_MESSAGES.notFound).max(64),
  centsPerPoint: z.coerce
    .number({ error: VALUATION_MESSAGES.cents })
    .min(0.01, VALUATION_MESSAGES.cents)
    .max(10, VALUATION_MESSAGES.cents),
  source: z.string().trim().max(200, "Keep the source under 200 characters").default(""),
});
export type ValuationEdit = z.infer<typeof ValuationEditSchema>;
