const LONDON = "Europe/London";

const dateTime = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, day: "numeric", month: "short", year: "numeric" });

/** Times are shown in London time, as operators and the platform's statements use it. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? String(value) : dateTime.format(d);
}

/** The London calendar date of an instant. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? String(value) : dateOnly.format(d);
}

/** A `YYYY-MM-DD` calendar date (no time zone involved). */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "—";
  const d = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? value : dateOnly.format(d);
}

export function timeAgo(value: Date | string | null | undefined, now = Date.now()): string {
  if (!value) return "never";
  const d = typeof value === "string" ? new Date(value) : value;
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

/** Money arrives as a decimal string and is shown as it is, with a pound sign: never through a float. */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  const neg = value.startsWith("-");
  const [whole, frac = ""] = (neg ? value.slice(1) : value).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${neg ? "−" : ""}£${grouped}.${(frac + "00").slice(0, Math.max(2, frac.length))}`;
}
