import type { DailyCounts, SeriesKey } from "./present";

const WIDTH = 600;
const HEIGHT = 120;

/**
 * One series as a bar chart drawn on the server (SVG: no JavaScript needed), labelled for screen
 * readers by its figure caption, with the numbers in a table beside it (SeriesTable).
 */
export function SeriesChart({ daily, series, label }: { daily: DailyCounts[]; series: SeriesKey; label: string }) {
  const values = daily.map((day) => day[series]);
  const max = Math.max(1, ...values);
  const step = WIDTH / values.length;
  const gap = values.length > 40 ? 1 : 3;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + 16}`}
      role="img"
      aria-label={`${label} per day, from ${daily[0]?.date} to ${daily.at(-1)?.date}: ${values.reduce((a, b) => a + b, 0)} in all, at most ${Math.max(0, ...values)} a day`}
      className="h-32 w-full"
      preserveAspectRatio="none"
    >
      <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-line" strokeWidth="1" />
      {values.map((value, index) => {
        const height = (value / max) * (HEIGHT - 4);
        return (
          <rect
            key={daily[index].date}
            x={index * step + gap / 2}
            y={HEIGHT - height}
            width={Math.max(1, step - gap)}
            height={height}
            className="fill-brand-600"
          />
        );
      })}
    </svg>
  );
}

/** The chart's numbers, day by day, in a table (collapsed under a disclosure to keep the page short). */
export function SeriesTable({ daily, series, label }: { daily: DailyCounts[]; series: SeriesKey; label: string }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-brand-700">{label}: the numbers by day</summary>
      <table className="mt-2 w-full max-w-xs text-left tabular">
        <caption className="sr-only">{label} by day</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 font-medium">
              {label}
            </th>
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <th scope="row" className="py-0.5 pr-3 font-normal">
                {day.date}
              </th>
              <td className="py-0.5">{day[series]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
