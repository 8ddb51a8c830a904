/**
 * Analytics for referrers as /api and the dashboard show them (docs/product.md#analytics): the
 * series, their labels, the periods and the funnel's conversions. Browser-safe.
 */
import { z } from "zod";

/** The series, in funnel order, with the words the page uses. */
export const SERIES = [
  { key: "views", label: "Views" },
  { key: "clicks", label: "Link clicks" },
  { key: "applications", label: "Applications" },
  { key: "approvals", label: "Approvals" },
  { key: "successes", label: "Confirmed successes" },
  { key: "sharesPaid", label: "Shares paid" },
] as const;
export type SeriesKey = (typeof SERIES)[number]["key"];

export const PERIODS = [7, 30, 90] as const;

const counts = z.object(
  Object.fromEntries(SERIES.map(({ key }) => [key, z.number().int()])) as Record<SeriesKey, z.ZodNumber>,
);
export type Counts = z.infer<typeof counts>;

export const DailyCountsSchema = counts.extend({ date: z.string() });
export type DailyCounts = z.infer<typeof DailyCountsSchema>;

export const AnalyticsSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: counts,
  /** Every day of the period, oldest first, the caller's referrals added up. */
  daily: z.array(DailyCountsSchema),
  referrals: z.array(
    z.object({
      _id: z.string(),
      cardName: z.string(),
      totals: counts,
      /** Every day of the period, oldest first. */
      daily: z.array(DailyCountsSchema),
    }),
  ),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const AnalyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: "days must be 7, 30 or 90" })
    .refine((value) => (PERIODS as readonly number[]).includes(value), "days must be 7, 30 or 90")
    .default(30),
});

export const ZERO: Counts = { views: 0, clicks: 0, applications: 0, approvals: 0, successes: 0, sharesPaid: 0 };

/** Each step of the funnel with its conversion from the step before ('-' when that was 0). */
export function funnel(totals: Counts) {
  return SERIES.map(({ key, label }, index) => {
    const previous = index === 0 ? null : totals[SERIES[index - 1].key];
    const rate = previous === null ? null : previous === 0 ? null : Math.round((totals[key] / previous) * 100);
    return { key, label, count: totals[key], rate, first: index === 0 };
  });
}

/** Whether nothing at all was counted (the page's empty state). */
export const isEmpty = (totals: Counts) => SERIES.every(({ key }) => totals[key] === 0);
