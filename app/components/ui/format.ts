const LONDON = "Europe/London";

// Month names are our own: ICU's en-GB short months differ by version ("Sep" or "Sept"), and
// one console must not show both.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Header suffix for columns of times: they are all London time, said once per table. */
export const LONDON_TIME = "(London)";

function toDate(value: Date | string): Date {
  return typeof value === "string" ? new Date(value) : value;
}

function parts(d: Date) {
  const p = Object.fromEntries(londonParts.formatToParts(d).map((x) => [x.type, x.value]));
  return {
    day: Number(p.day),
    month: MONTHS[Number(p.month) - 1],
    year: p.year,
    time: `${p.hour}:${p.minute}:${p.second}`,
  };
}

/** Times are shown in London time, as operators and the platform's statements use it: "14 Sep 2026, 09:05:00". */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "—";
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const p = parts(d);
  return `${p.day} ${p.month} ${p.year}, ${p.time}`;
}

/** The London wall-clock time of an instant: "09:05:00". */
export function formatTime(value: Date | string | number): string {
  const d = typeof value === "number" ? new Date(value) : toDate(value);
  return Number.isNaN(d.getTime()) ? "—" : parts(d).time;
}

/** The London calendar date of an instant: "14 Sep 2026". */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "—";
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const p = parts(d);
  return `${p.day} ${p.month} ${p.year}`;
}

/** A `YYYY-MM-DD` calendar date (no time zone involved), in the same words as formatDate. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "—";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return value;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

export function timeAgo(value: Date | string | null | undefined, now = Date.now()): string {
  if (!value) return "never";
  const d = toDate(value);
  const s = Math.round((now - d.getTime()) / 1000);
  if (s < 45) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} d ago`;
}

/** A span of seconds, coarsely: "40 s", "12 min", "3 h", "2 d". */
export function formatSeconds(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `${s} s`;
  if (s < 5400) return `${Math.round(s / 60)} min`;
  if (s < 172800) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} d`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-GB");
}

/**
 * Money arrives as a decimal string and is shown as it is, with a pound sign: never through a
 * float. `signed` puts a plus on a positive amount, for amounts read against the console's one
 * sign convention (money.tsx). Shown through the Money component, which keeps it on one line.
 */
export function formatMoney(value: string | null | undefined, opts: { signed?: boolean } = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  const neg = value.startsWith("-");
  const [whole, frac = ""] = (neg || value.startsWith("+") ? value.slice(1) : value).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const zero = /^0*$/.test(whole) && /^0*$/.test(frac);
  const sign = neg && !zero ? "−" : opts.signed && !zero ? "+" : "";
  return `${sign}£${grouped}.${(`${frac}00`).slice(0, Math.max(2, frac.length))}`;
}

/** "1 account", "2 accounts", "1,204 accounts": the count with the noun agreeing with it. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
