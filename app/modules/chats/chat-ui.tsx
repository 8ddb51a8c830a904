/**
 * Times are rendered in UTC until hydration (so server and client HTML agree), then in the reader's
 * zone. Each formatter is built once per zone: `toLocale*String` builds one per call.
 */
const formatters = (timeZone: string | undefined) => ({
  time: new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }),
  day: new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone }),
  date: new Intl.DateTimeFormat("en-US", { timeZone }),
  shortDate: new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone }),
});
let utc: ReturnType<typeof formatters> | undefined;
let local: ReturnType<typeof formatters> | undefined;
const zone = (hydrated: boolean) => (hydrated ? (local ??= formatters(undefined)) : (utc ??= formatters("UTC")));

/** A time of day, e.g. 3:04 PM. */
export function formatTime(iso: string, hydrated: boolean) {
  return zone(hydrated).time.format(new Date(iso));
}

/** A day heading, e.g. Monday, November 23, 2026. */
export function formatDay(iso: string, hydrated: boolean) {
  return zone(hydrated).day.format(new Date(iso));
}

/** The list's time: today's time, else the date. */
export function formatListTime(iso: string, hydrated: boolean) {
  const format = zone(hydrated);
  const date = new Date(iso);
  return format.date.format(date) === format.date.format(new Date())
    ? format.time.format(date)
    : format.shortDate.format(date);
}

function initials(name: string) {
  const letters = name.replace(/\*/g, "").trim();
  return (
    letters
      .split(/\s+/)
      .map((part) => part[0])
      .join("")
      .slice(0, 2)
      .toUpperCase() || "?"
  );
}

/** A participant's picture, or their initials. */
export function Avatar({ name, image }: { name: string; image: string | null }) {
  if (image) return <img src={image} alt="" className="size-10 shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initials(name)}
    </span>
  );
}
