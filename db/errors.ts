/**
 * Error codes that mean the database cannot be reached or is not taking work right now
 * (rather than that a statement was wrong): network errors, postgres-js's own connection
 * errors, and PostgreSQL's connection-exception class 08, admin shutdown, "cannot connect
 * now" (starting up or shutting down), too many connections, a missing database and
 * refused authentication.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "3D000",
  "28P01",
  "28000",
]);

type DriverError = { code?: unknown; constraint_name?: unknown; constraint?: unknown };

/** The error and those it wraps (drizzle wraps the driver's in `cause`), outermost first. */
function chain(err: unknown): DriverError[] {
  const out: DriverError[] = [];
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    out.push(e as DriverError);
  return out;
}

/** The error's code, or that of an error it wraps. */
const codes = (err: unknown): string[] => chain(err).flatMap((e) => (typeof e.code === "string" ? [e.code] : []));

/** The SQLSTATEs (five characters) of the error and those it wraps. */
export const sqlStates = (err: unknown): string[] => codes(err).filter((c) => /^[0-9A-Z]{5}$/.test(c));

/** Whether `err` says the database is unreachable or refusing connections (worth a retry), not that a query failed. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return codes(err).some((c) => UNAVAILABLE_CODES.has(c) || c.startsWith("08"));
}

/**
 * Whether `err` is a unique violation (23505), of `constraint` when given. postgres-js names
 * the constraint `constraint_name`, PGlite `constraint`; drizzle wraps either in `cause`.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = chain(err).find((x) => x.code === "23505");
  return !!e && (!constraint || e.constraint_name === constraint || e.constraint === constraint);
}
