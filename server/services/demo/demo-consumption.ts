import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { addDays, formatLondonDate, londonMidnight } from "../../lib/time";

export const DEMO_CONSUMPTION_DAYS = 90;

/**
 * Synthetic half-hourly consumption for meters over [from, to), in one set-based statement
 * (generate_series; no row leaves PostgreSQL). The shape is a household's: electricity has a
 * night base load, a morning and a larger evening peak (London time), more at weekends and
 * in winter; gas follows heating hours and is strongly seasonal. A hash of meter and instant
 * adds repeatable noise (float8 math: numeric exp() would cost seconds), so a reload writes the same values (and changes nothing).
 */
export async function insertSyntheticConsumption(
  db: Db,
  input: { meterIds: number[]; from: Date; to: Date; afterLatest?: boolean },
): Promise<number> {
  // afterLatest: each meter only from its newest read on, so reads loaded over the demo's are left alone.
  const since = input.afterLatest
    ? sql`greatest(${input.from.toISOString()}::timestamptz, (select max(i.interval_start) + interval '30 minutes' from consumption_intervals i where i.meter_id = cm.id))`
    : sql`${input.from.toISOString()}::timestamptz`;
  if (!input.meterIds.length || input.to <= input.from) return 0;
  const rows = await execRows<{ n: number }>(
    db,
    sql`with ins as (
      insert into consumption_intervals (meter_id, interval_start, consumption)
      select cm.id, ts, round((
        case cm.fuel
          when 'electricity' then
            (0.09 + 0.16 * exp(-((h - 7.5) ^ 2) / 1.5) + 0.38 * exp(-((h - 18.5) ^ 2) / 4.0) + case when h between 9 and 16 then 0.06 else 0 end)
            * (case when date_part('isodow', lt) >= 6 then 1.12 else 1 end)
            * (1 + 0.3 * cos(2 * pi() * (date_part('doy', lt) - 15) / 365.25))
          else
            (0.05 + 0.9 * exp(-((h - 7) ^ 2) / 2.0) + 0.8 * exp(-((h - 19) ^ 2) / 5.0))
            * greatest(0.15, 1 + 0.85 * cos(2 * pi() * (date_part('doy', lt) - 15) / 365.25))
        end
        * (0.75 + (abs(hashint8(cm.id * 100000000000 + date_part('epoch', ts)::bigint)) % 500) / 1000.0::float8))::numeric, 3)
      from consumption_meters cm
      cross join lateral generate_series(${since}, ${input.to.toISOString()}::timestamptz - interval '30 minutes', interval '30 minutes') ts
      cross join lateral (select ts at time zone 'Europe/London' as lt) l
      cross join lateral (select date_part('hour', lt) + date_part('minute', lt) / 60 + 0.25 as h) hh
      where cm.id in (select unnest(${`{${input.meterIds.join(",")}}`}::int[]))
      on conflict (meter_id, interval_start) do update set consumption = excluded.consumption
        where consumption_intervals.consumption is distinct from excluded.consumption
      returning 1)
    select count(*)::int as n from ins`,
  );
  return Number(rows[0].n);
}

/** Every meter of the organisation's imported meter points, registered for interval reads. */
export async function registerOrgMeters(db: Db, organisationId: number): Promise<number[]> {
  await db.execute(sql`insert into consumption_meters (organisation_id, fuel, mpxn, serial_number)
    select distinct s.organisation_id, mp.fuel, mp.mpxn, m->>'serial_number'
    from meter_points mp join accounts a on a.id = mp.account_id join import_suppliers s on s.id = a.supplier_id
    cross join jsonb_array_elements(mp.meters) m
    where s.organisation_id = ${organisationId}
    on conflict on constraint consumption_meters_meter_key do nothing`);
  const rows = await execRows<{ id: number }>(
    db,
    sql`select id from consumption_meters where organisation_id = ${organisationId} order by id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The London days a smart meter has delivered by `now`: 90 whole days up to the previous London
 * midnight (a smart meter's reads arrive a day at a time, through midnight; clients look for the
 * latest whole day of 48 half hours).
 */
export function demoConsumptionWindow(now: Date): { from: Date; to: Date } {
  const today = formatLondonDate(now);
  return { from: londonMidnight(addDays(today, -DEMO_CONSUMPTION_DAYS)), to: londonMidnight(today) };
}

/** The demo meters' last 90 London days of half-hourly consumption, through the previous London midnight. */
export async function loadDemoConsumption(db: Db, organisationId: number, opts: { now?: Date } = {}) {
  const { from, to } = demoConsumptionWindow(opts.now ?? new Date());
  const meterIds = await registerOrgMeters(db, organisationId);
  const rows = await insertSyntheticConsumption(db, { meterIds, from, to });
  return { meters: meterIds.length, rows, from, to };
}

/**
 * Keeps a long-running demo's meters current, as the daily demo-catalogue job runs: each
 * meter that already has reads gets the half hours from its newest read (at most 90 days
 * back) through the previous London midnight, a day at a time as a smart meter delivers them.
 * Generated values are repeatable, so two instances topping up at once write the same rows;
 * no event, as for the demo's first load.
 */
export async function topUpDemoConsumption(db: Db, organisationId: number, opts: { now?: Date } = {}) {
  const { from, to } = demoConsumptionWindow(opts.now ?? new Date());
  const rows = await execRows<{ id: number }>(
    db,
    sql`select cm.id from consumption_meters cm where cm.organisation_id = ${organisationId}
          and exists (select 1 from consumption_days d where d.meter_id = cm.id) order by cm.id`,
  );
  const meterIds = rows.map((r) => Number(r.id));
  return {
    meters: meterIds.length,
    rows: await insertSyntheticConsumption(db, { meterIds, from, to, afterLatest: true }),
    to,
  };
}
