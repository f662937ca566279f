import { type SQL, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import type { Fuel } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { invalidPage, lastPage, pageParam, pageSize } from "../products/page-params";
import { parseQueryDateTime, present } from "../products/public-schemas";
import { type ConsumptionQuery, type GroupBy, MAX_CONSUMPTION_PAGE_SIZE } from "./consumption-schemas";
import { LONDON, type PageSpec, groupedPageQuery, jsonNumber, londonIso } from "./consumption-sql";
import { derivedConsumptionPage } from "./derived-consumption";
import { cleanIdentifier, findOrgMeterPoint, meterNotFound, meterPointNotFound } from "./find-meter";

export type ListConsumptionInput = { fuel: Fuel; mpxn: string; serial: string; query: ConsumptionQuery };
export type ConsumptionPageResult = { count: number; page: number; size: number; resultsJson: string; source: "intervals" | "readings" };


// Beyond this offset no meter has rows (a century of half-hours is 1.8M); keeps offsets exact.
const MAX_OFFSET = 1e9;

/**
 * One page of a meter's consumption, as production's consumption routes answer it: the
 * meter's interval reads when it has any, else consumption derived from the register reads
 * imported with its accounts (derived-consumption.ts). Another organisation's meter point, or
 * a serial the meter point does not have, is a 404; a known meter with nothing in the period
 * is a 200 with count 0.
 */
export async function listConsumption(ctx: Ctx, input: ListConsumptionInput): Promise<ConsumptionPageResult> {
  const organisationId = organisationOf(ctx);
  const { from, to } = periodOf(input.query);
  const mpxn = cleanIdentifier(input.mpxn);
  const serial = cleanIdentifier(input.serial);
  const point = await findOrgMeterPoint(ctx.db, organisationId, input.fuel, mpxn);
  if (!point) throw meterPointNotFound(input.fuel, input.mpxn);
  if (!point.serials.includes(serial)) throw meterNotFound(input.mpxn, input.serial);
  const requested = pageParam(input.query.page);
  if (requested === null) throw invalidPage("not_a_page");
  const groupBy = (present(input.query.group_by) as GroupBy | undefined) ?? undefined;
  const spec = { from, to, size: pageSize(input.query.page_size, MAX_CONSUMPTION_PAGE_SIZE), page: 1, newestFirst: input.query.order_by !== "period", groupBy };

  const [meter] = await execRows<{ id: number }>(
    ctx.db,
    sql`select m.id from consumption_meters m where m.organisation_id = ${organisationId} and m.fuel = ${input.fuel}
          and m.mpxn = ${mpxn} and m.serial_number = ${serial} and exists (select 1 from consumption_intervals i where i.meter_id = m.id)`,
  );
  const run = (p: PageSpec) =>
    meter ? intervalPage(ctx, Number(meter.id), p) : derivedConsumptionPage(ctx, { organisationId, fuel: input.fuel, mpxn, serial }, p);
  let page = requested === "last" ? 1 : requested;
  if (requested === "last") page = lastPage((await run({ ...spec, size: 1 })).count, spec.size);
  if ((page - 1) * spec.size > MAX_OFFSET) throw invalidPage();
  const result = await run({ ...spec, page });
  if (result.resultsJson === "[]" && page > 1) throw invalidPage();
  return { ...result, page, size: spec.size, source: meter ? "intervals" : "readings" };
}

function periodOf(query: ConsumptionQuery) {
  const from = parseQueryDateTime(query.period_from);
  const to = parseQueryDateTime(query.period_to);
  if (from && to && from >= to) {
    throw new ServiceError("validation", "invalid_query", "period_from must be earlier than period_to.", {
      errors: [{ detail: "period_from must be earlier than period_to.", code: "start_date_later_than_end_date", attr: "period_to" }],
    });
  }
  return { from, to };
}

const ts = (d: Date | undefined) => (d ? sql`${d.toISOString()}::timestamptz` : sql`null::timestamptz`);

/**
 * Interval reads of one meter. Ungrouped: a primary-key range scan. Grouped by day or more:
 * whole London days inside the period come from consumption_days (48 intervals a row), and
 * only the partial days at the period's ends from the intervals. The count of an ungrouped
 * page is summed the same way, so a 10-year meter is never counted row by row.
 */
async function intervalPage(ctx: Ctx, meterId: number, p: PageSpec): Promise<{ count: number; resultsJson: string }> {
  const from = ts(p.from);
  const to = ts(p.to);
  const dir = sql.raw(p.newestFirst ? "desc" : "asc");
  const offset = (p.page - 1) * p.size;
  // First and last+1 whole London days inside [from, to); null where that end is open.
  const bounds = sql`(select
      case when ${from} is null then null else ((${from} at time zone ${LONDON})::date + case when (${from} at time zone ${LONDON})::time = '00:00' then 0 else 1 end) end as wf,
      case when ${to} is null then null else (${to} at time zone ${LONDON})::date end as wt) b`;
  const dayStart = (d: SQL) => sql`(${d}::timestamp at time zone ${LONDON})`;
  const inPeriod = sql`i.meter_id = ${meterId} and (${from} is null or i.interval_start >= ${from}) and (${to} is null or i.interval_start < ${to})`;
  // The partial days at each end: [from, first whole day) and [last whole day end, to).
  const edges = sql`select i.interval_start as ts, i.consumption as c from consumption_intervals i, ${bounds}
      where i.meter_id = ${meterId} and b.wf is not null and i.interval_start >= ${from} and i.interval_start < least(${dayStart(sql`b.wf`)}, ${to})
    union all
    select i.interval_start, i.consumption from consumption_intervals i, ${bounds}
      where i.meter_id = ${meterId} and b.wt is not null and i.interval_start >= greatest(${dayStart(sql`b.wt`)}, ${from}, ${dayStart(sql`b.wf`)}) and i.interval_start < ${to}`;
  const wholeDays = sql`select d.day, d.consumption, d.intervals from consumption_days d, ${bounds}
      where d.meter_id = ${meterId} and (b.wf is null or d.day >= b.wf) and (b.wt is null or d.day < b.wt)`;

  let query: SQL;
  if (!p.groupBy) {
    query = sql`with page as (
        select i.interval_start, i.consumption from consumption_intervals i where ${inPeriod}
        order by i.interval_start ${dir} limit ${p.size} offset ${offset})
      select (coalesce((select sum(w.intervals) from (${wholeDays}) w), 0) + (select count(*) from (${edges}) e))::int as total,
        coalesce((select string_agg(
          '{"consumption":' || ${jsonNumber(sql`consumption`)} || ',"interval_start":"' || ${londonIso(sql`interval_start`)} ||
          '","interval_end":"' || ${londonIso(sql`interval_start + interval '30 minutes'`)} || '"}', ',' order by interval_start ${dir}) from page), '') as results`;
  } else {
    const source =
      p.groupBy === "hour"
        ? sql`select i.interval_start as ts, i.consumption as c from consumption_intervals i where ${inPeriod}`
        : sql`select ${dayStart(sql`w.day`)} as ts, w.consumption as c from (${wholeDays}) w union all ${edges}`;
    query = groupedPageQuery(source, p);
  }
  const [row] = await execRows<{ total: number; results: string }>(ctx.db, query);
  return { count: Number(row.total), resultsJson: `[${row.results}]` };
}
