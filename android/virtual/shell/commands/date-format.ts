const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** toybox date's default: `Sun Nov 22 21:47:31 UTC 2026`. */
export const DEFAULT_DATE_FORMAT = "%a %b %e %H:%M:%S %Z %Y";

const pad = (n: number, width = 2, fill = "0") => String(n).padStart(width, fill);

/** strftime in UTC (the device's time zone), for `date +FORMAT`. Unknown conversions print as written. */
export function formatDate(timeMs: number, format: string): string {
  const d = new Date(timeMs);
  const hour = d.getUTCHours();
  const dayOfYear =
    Math.floor(
      (Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000,
    ) + 1;
  const conversions: Record<string, () => string> = {
    a: () => DAYS[d.getUTCDay()]!,
    A: () => DAY_NAMES[d.getUTCDay()]!,
    b: () => MONTHS[d.getUTCMonth()]!,
    h: () => MONTHS[d.getUTCMonth()]!,
    B: () => MONTH_NAMES[d.getUTCMonth()]!,
    d: () => pad(d.getUTCDate()),
    e: () => pad(d.getUTCDate(), 2, " "),
    H: () => pad(hour),
    I: () => pad(hour % 12 || 12),
    M: () => pad(d.getUTCMinutes()),
    S: () => pad(d.getUTCSeconds()),
    m: () => pad(d.getUTCMonth() + 1),
    y: () => pad(d.getUTCFullYear() % 100),
    Y: () => String(d.getUTCFullYear()),
    j: () => pad(dayOfYear, 3),
    p: () => (hour < 12 ? "AM" : "PM"),
    u: () => String(d.getUTCDay() || 7),
    w: () => String(d.getUTCDay()),
    s: () => String(Math.floor(timeMs / 1000)),
    N: () => pad((((timeMs % 1000) + 1000) % 1000) * 1_000_000, 9),
    Z: () => "UTC",
    z: () => "+0000",
    T: () => `${pad(hour)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    R: () => `${pad(hour)}:${pad(d.getUTCMinutes())}`,
    D: () => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${pad(d.getUTCFullYear() % 100)}`,
    F: () => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    n: () => "\n",
    t: () => "\t",
    "%": () => "%",
  };
  return format.replace(/%(.)/gs, (match, c: string) => conversions[c]?.() ?? match);
}
