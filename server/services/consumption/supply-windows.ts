import { type SQL, sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import type { Fuel } from "@/db/schema";
import type { Actor } from "../../context";
import { addDays, londonMidnight } from "../../lib/time";
import { readableAccountSql } from "../customers/customer-accounts";

/**
 * A span of London days in which a meter point supplied the caller's own accounts: days
 * `fromDay` to `toDay` (exclusive), and the same as instants, [from, to). Null is open.
 */
export type SupplyWindow = { fromDay: string | null; toDay: string | null; from: Date | null; to: Date | null };

/** Everything: what an organisation's key or console user reads of its own meter points. */
export const ALWAYS: readonly SupplyWindow[] = [{ fromDay: null, toDay: null, from: null, to: null }];

/**
 * The periods in which this meter point supplied the actor's accounts (issue 37 item 2): for a
 * customer, each of their accounts' meter point rows for it from `supply_start_date` through
 * `supply_end_date` (inclusive, London days), merged; for anyone else, ALWAYS. Occupiers change
 * on one meter: the old occupier reads nothing after the day their supply ended, the new one
 * nothing before theirs began. Empty when the customer has no account on the meter point.
 */
export async function supplyWindowsOf(
  db: Db,
  actor: Actor,
  organisationId: number,
  fuel: Fuel,
  mpxn: string,
): Promise<readonly SupplyWindow[]> {
  if (actor.kind !== "customer") return ALWAYS;
  const rows = await execRows<{ start: string | null; end: string | null }>(
    db,
    sql`select mp.supply_start_date::text as start, mp.supply_end_date::text as end
        from meter_points mp join accounts a on a.id = mp.account_id
        where mp.fuel = ${fuel} and mp.mpxn = ${mpxn} and ${readableAccountSql(actor, organisationId)}`,
  );
  return mergeWindows(rows.map((r) => ({ fromDay: r.start, toDay: r.end === null ? null : addDays(r.end, 1) })));
}

/** Day spans sorted and merged where they overlap or touch, with their instants. */
export function mergeWindows(spans: { fromDay: string | null; toDay: string | null }[]): SupplyWindow[] {
  const lo = (d: string | null) => d ?? "";
  const sorted = [...spans].sort((x, y) => lo(x.fromDay).localeCompare(lo(y.fromDay)));
  const merged: { fromDay: string | null; toDay: string | null }[] = [];
  for (const s of sorted) {
    const last = merged.at(-1);
    if (last && (last.toDay === null || (s.fromDay !== null && s.fromDay <= last.toDay) || s.fromDay === null)) {
      if (last.toDay !== null && (s.toDay === null || s.toDay > last.toDay)) last.toDay = s.toDay;
    } else merged.push({ ...s });
  }
  return merged.map((w) => ({
    ...w,
    from: w.fromDay === null ? null : londonMidnight(w.fromDay),
    to: w.toDay === null ? null : londonMidnight(w.toDay),
  }));
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** An instant column inside one of the windows. */
export function instantInWindows(instant: SQL, windows: readonly SupplyWindow[]): SQL {
  if (windows === ALWAYS) return sql`true`;
  if (!windows.length) return sql`false`;
  const one = (w: SupplyWindow) => {
    const parts = [
      w.from ? sql`${instant} >= ${ts(w.from)}` : null,
      w.to ? sql`${instant} < ${ts(w.to)}` : null,
    ].filter((p) => p !== null);
    return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
  };
  return sql`(${sql.join(windows.map(one), sql` or `)})`;
}

/** A London date column inside one of the windows (windows start and end at London midnight). */
export function dayInWindows(day: SQL, windows: readonly SupplyWindow[]): SQL {
  if (windows === ALWAYS) return sql`true`;
  if (!windows.length) return sql`false`;
  const one = (w: SupplyWindow) => {
    const parts = [
      w.fromDay ? sql`${day} >= ${w.fromDay}::date` : null,
      w.toDay ? sql`${day} < ${w.toDay}::date` : null,
    ].filter((p) => p !== null);
    return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
  };
  return sql`(${sql.join(windows.map(one), sql` or `)})`;
}

/** The windows as a VALUES list `(lo, hi)` of instants (null: open), for clipping spans of time. */
export function windowsValues(windows: readonly SupplyWindow[]): SQL {
  if (!windows.length) return sql`select null::timestamptz as lo, null::timestamptz as hi where false`;
  const val = (d: Date | null) => (d ? ts(d) : sql`null::timestamptz`);
  return sql`select * from (values ${sql.join(
    windows.map((w) => sql`(${val(w.from)}, ${val(w.to)})`),
    sql`, `,
  )}) v(lo, hi)`;
}
