import { clsx } from "clsx";
import { ScrollRegion } from "~/components/ui/scroll-region";
import type { CSSProperties } from "react";
import { dateTickIndexes, shortDate, valueTicks } from "./axes";
import { SERIES, type DailyCounts, type SeriesKey } from "./present";

const PLOT_HEIGHT = 100;
const numbers = new Intl.NumberFormat("en-US");

/** Where a date label sits: centred under its day's bar. */
function dateLabelStyle(index: number, days: number): CSSProperties {
  return { left: `${((index + 0.5) / days) * 100}%`, transform: "translateX(-50%)" };
}

/**
 * One series as a bar chart drawn on the server (no JavaScript, no chart library: ADR 174), with a
 * value axis from 0 to a round top and dated ticks. The plot is an SVG stretched to the width; the
 * axis labels are HTML beside it, so they stay legible at any width. Screen readers get a summary
 * (the figures are in DailyTable).
 */
export function SeriesChart({ daily, series, label }: { daily: DailyCounts[]; series: SeriesKey; label: string }) {
  const values = daily.map((day) => day[series]);
  const days = values.length;
  const max = Math.max(0, ...values);
  const ticks = valueTicks(max);
  const top = ticks[ticks.length - 1];
  const y = (value: number) => PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  const dateTicks = dateTickIndexes(days);
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <div
      role="img"
      aria-label={`${label} per day from ${shortDate(daily[0].date)} to ${shortDate(daily[days - 1].date)}: ${total} in all, at most ${max} a day`}
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2"
      data-testid={`chart-${series}`}
    >
      <div className="relative h-36 min-w-6 text-right text-xs text-muted tabular" data-axis="values">
        {ticks.map((tick) => (
          <span
            key={tick}
            className="absolute right-0 translate-y-1/2 leading-none"
            style={{ bottom: `${(tick / top) * 100}%` }}
          >
            {numbers.format(tick)}
          </span>
        ))}
      </div>
      <svg
        viewBox={`0 0 ${days} ${PLOT_HEIGHT}`}
        preserveAspectRatio="none"
        className="h-36 w-full overflow-visible"
        aria-hidden="true"
      >
        {dateTicks.map((index) => (
          <line
            key={`d${index}`}
            x1={index + 0.5}
            x2={index + 0.5}
            y1={0}
            y2={PLOT_HEIGHT}
            className="stroke-line"
            strokeDasharray="2 3"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {ticks.map((tick) => (
          <line
            key={`v${tick}`}
            x1={0}
            x2={days}
            y1={y(tick)}
            y2={y(tick)}
            className={tick === 0 ? "stroke-muted" : "stroke-line"}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {values.map((value, index) =>
          value > 0 ? (
            <rect
              key={daily[index].date}
              x={index + (days > 40 ? 0.1 : 0.2)}
              width={days > 40 ? 0.8 : 0.6}
              y={y(value)}
              height={PLOT_HEIGHT - y(value)}
              className="fill-brand-600"
            >
              <title>{`${shortDate(daily[index].date)}: ${value}`}</title>
            </rect>
          ) : null,
        )}
      </svg>
      <span />
      <div className="relative h-5 text-xs text-muted tabular" data-axis="dates">
        {dateTicks.map((index, position) => (
          <span
            key={index}
            // On a phone every other label, counted back from today, so none run into each other.
            className={clsx(
              "absolute top-1 whitespace-nowrap leading-none",
              (dateTicks.length - 1 - position) % 2 === 1 && "max-sm:hidden",
            )}
            style={dateLabelStyle(index, days)}
          >
            {shortDate(daily[index].date)}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * Every chart's figures in one table, a row per day, newest first (under a disclosure, so the
 * page stays short; it opens without JavaScript).
 */
export function DailyTable({ daily }: { daily: DailyCounts[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-brand-700">The figures by day, as a table</summary>
      <ScrollRegion label="Figures by day" className="mt-2">
        <table className="w-full min-w-[36rem] text-left tabular">
          <caption className="sr-only">
            Your referrals&apos; figures by day (UTC), {daily[0].date} to {daily[daily.length - 1].date}, newest first
          </caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Day
              </th>
              {SERIES.map(({ key, label }) => (
                <th key={key} scope="col" className="py-1 pr-3 text-right font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {[...daily].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                  <time dateTime={day.date}>{`${shortDate(day.date)}, ${day.date.slice(0, 4)}`}</time>
                </th>
                {SERIES.map(({ key }) => (
                  <td key={key} className="py-1 pr-3 text-right">
                    {day[key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}
