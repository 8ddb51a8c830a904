/** Times are rendered in UTC until hydration (so server and client HTML agree), then in the reader's zone. */
const zone = (hydrated: boolean) => (hydrated ? undefined : "UTC");

/** A time of day, e.g. 3:04 PM. */
export function formatTime(iso: string, hydrated: boolean) {
  return new Date(iso).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: zone(hydrated) });
}

/** A day heading, e.g. Monday, November 23, 2026. */
export function formatDay(iso: string, hydrated: boolean) {
  return new Date(iso).toLocaleDateString("en-US", { dateStyle: "full", timeZone: zone(hydrated) });
}

/** The list's time: today's time, else the date. */
export function formatListTime(iso: string, hydrated: boolean) {
  const date = new Date(iso);
  const today = new Date().toLocaleDateString("en-US", { timeZone: zone(hydrated) });
  return date.toLocaleDateString("en-US", { timeZone: zone(hydrated) }) === today
    ? formatTime(iso, hydrated)
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: zone(hydrated) });
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
