import { type SQL, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import type { Fuel } from "@/db/schema";
import type { Ctx } from "../../context";
import { readableAccountSql } from "../customers/customer-accounts";
import { LONDON, type PageSpec, bucketEnd, groupedPageQuery, jsonNumber, londonIso, stepOf } from "./consumption-sql";
import { ALWAYS, type SupplyWindow, windowsValues } from "./supply-windows";

export type DerivedMeter = { organisationId: number; fuel: Fuel; mpxn: string; serial: string };

/**
 * Consumption of a meter without interval reads, from the register reads imported with its
 * accounts (meter_readings: transfer_readings and reading_history). Each register's reads,
 * one per date (the latest imported row of a date wins), give segments between consecutive
 * reads (a FAILED one is ignored): a read counts as taken at the start of its London day, so a segment runs from one
 * read's date 00:00 to the next one's, and its consumption is the difference (registers read
 * on the same dates are summed; a negative difference, a meter exchange or wrap-round, is
 * left out). A segment is spread evenly over its time: the period cuts it and groups share it
 * in proportion to their overlap, to 6 decimal places. A customer (windows other than ALWAYS)
 * gets segments only from reads on their own accounts, cut to the windows their accounts were
 * supplied in (issue 37 item 2).
 */
export async function derivedConsumptionPage(
  ctx: Ctx,
  meter: DerivedMeter,
  windows: readonly SupplyWindow[],
  p: PageSpec,
): Promise<{ count: number; resultsJson: string }> {
  const from = p.from ? sql`${p.from.toISOString()}::timestamptz` : sql`null::timestamptz`;
  const to = p.to ? sql`${p.to.toISOString()}::timestamptz` : sql`null::timestamptz`;
  const segments = sql`
    r as (
      select distinct on (mr.register_id, mr.reading_date) mr.register_id, mr.reading_date, mr.reading_value
      from meter_readings mr
      where mr.meter_serial_number = ${meter.serial} and coalesce(mr.validation_status, 'VALIDATED') <> 'FAILED' and mr.meter_point_id in (
        select mp.id from meter_points mp join accounts a on a.id = mp.account_id join import_suppliers s on s.id = a.supplier_id
        where s.organisation_id = ${meter.organisationId} and mp.fuel = ${meter.fuel} and mp.mpxn = ${meter.mpxn}${windows === ALWAYS ? sql`` : sql` and ${readableAccountSql(ctx.actor, meter.organisationId)}`})
      order by mr.register_id, mr.reading_date, mr.id desc),
    s0 as (
      select lag(reading_date) over w as d0, reading_date as d1, reading_value - lag(reading_value) over w as units
      from r window w as (partition by register_id order by reading_date)),
    seg as (
      select (d0::timestamp at time zone ${LONDON}) as s, (d1::timestamp at time zone ${LONDON}) as e, sum(units) as units
      from s0 where d0 is not null and units >= 0 group by d0, d1),
    w as (${windowsValues(windows)}),
    clip as (
      select greatest(s, ${from}, w.lo) as cs, least(e, ${to}, w.hi) as ce, s, e, units from seg cross join w
      where (${from} is null or e > ${from}) and (${to} is null or s < ${to}) and (w.lo is null or e > w.lo) and (w.hi is null or s < w.hi))`;
  const share = (lo: SQL, hi: SQL) =>
    sql`round(units * extract(epoch from (${hi} - ${lo})) / extract(epoch from (e - s)), 6)`;
  const dir = sql.raw(p.newestFirst ? "desc" : "asc");
  let query: SQL;
  if (!p.groupBy) {
    query = sql`with ${segments},
      page as (select cs, ce, ${share(sql`cs`, sql`ce`)} as c from clip order by cs ${dir}, ce ${dir} limit ${p.size} offset ${(p.page - 1) * p.size})
      select (select count(*) from clip)::int as total,
        coalesce((select string_agg('{"consumption":' || ${jsonNumber(sql`c`)} || ',"interval_start":"' || ${londonIso(sql`cs`)} ||
          '","interval_end":"' || ${londonIso(sql`ce`)} || '"}', ',' order by cs ${dir}, ce ${dir}) from page), '') as results`;
  } else {
    const unit = p.groupBy;
    const starts =
      unit === "hour"
        ? sql`select g as bs from generate_series(date_trunc('hour', clip.cs), clip.ce, interval '1 hour') g`
        : sql`select (g at time zone ${LONDON}) as bs from generate_series(date_trunc(${sql.raw(`'${unit}'`)}, clip.cs at time zone ${LONDON}), clip.ce at time zone ${LONDON}, ${stepOf(unit)}) g`;
    // A subquery may carry its own WITH: the segment CTEs travel inside the grouped query's source.
    const pieces = sql`with ${segments}
      select b.bs as ts, ${share(sql`greatest(clip.cs, b.bs)`, sql`least(clip.ce, ${bucketEnd(unit, sql`b.bs`)})`)} as c
      from clip cross join lateral (${starts}) b
      where least(clip.ce, ${bucketEnd(unit, sql`b.bs`)}) > greatest(clip.cs, b.bs)`;
    query = groupedPageQuery(pieces, p);
  }
  const [row] = await execRows<{ total: number; results: string }>(ctx.db, query);
  return { count: Number(row.total), resultsJson: `[${row.results}]` };
}
