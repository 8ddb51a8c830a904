/** The outcome figures' schema, as /api carries them (figures.ts words them; kept apart so pages that only show figures load no zod). */
import { z } from "zod";

export const OutcomeFiguresSchema = z.object({
  /** Applications whose bonus both sides confirmed. */
  confirmedSuccesses: z.number().int(),
  /** Shares owed: the bonus posted on an application that was promised a share. */
  sharesPromised: z.number().int(),
  /** Of those, the ones the applicant confirmed received. */
  sharesPaid: z.number().int(),
  /** Median days from bonus posted to share paid, over confirmed shares (null before the first). */
  medianDaysToPay: z.number().nullable(),
  /** Shares an applicant reported as not received, still open. */
  openDisputes: z.number().int(),
  /** Disputes an admin decided for the applicant (docs/decisions/175). */
  disputesUpheld: z.number().int(),
  /** Shares past their deadline and not marked paid (docs/decisions/185). */
  lateShares: z.number().int(),
});
export type OutcomeFigures = z.infer<typeof OutcomeFiguresSchema>;
