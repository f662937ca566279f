import { type SQL, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import type { Fuel } from "@/db/schema";
import { type Ctx, customerEmailOf, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { invalidPage, lastPage, pageParam, pageSize } from "../products/page-params";
import { parseQueryDateTime, present } from "../products/public-schemas";
import { addDays, formatLondonDate, londonMidnight } from "../../lib/time";
import { type ConsumptionQuery, type GroupBy, MAX_CONSUMPTION_PAGE_SIZE } from "./consumption-schemas";
import { LONDON, type PageSpec, groupedPageQuery, jsonNumber, londonIso } from "./consumption-sql";
import { derivedConsumptionPage } from "./derived-consumption";
import { cleanIdentifier, findOrgMeterPoint, meterNotFound, meterPointNotFound } from "./find-meter";
import { type SupplyWindow, dayInWindows, instantInWindows, supplyWindowsOf } from "./supply-windows";

export type ListConsumptionInput = { fuel: Fuel; mpxn: string; serial: string; query: ConsumptionQuery };
export type ConsumptionPageResult = {
  count: number;
  page: number;
  size: number;
  resultsJson: string;
  source: "intervals" | "readings";
};

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
  const point = await findOrgMeterPoint(ctx.db, organisationId, input.fuel, mpxn, customerEmailOf(ctx));
  if (!point) throw meterPointNotFound(input.fuel, input.mpxn);
  if (!point.serials.includes(serial)) throw meterNotFound(input.mpxn, input.serial);
  const requested = pageParam(input.query.page);
  if (requested === null) throw invalidPage("not_a_page");
  const groupBy = (present(input.query.group_by) as GroupBy | undefined) ?? undefined;
  const spec = {
    from,
    to,
    size: pageSize(input.query.page_size, MAX_CONSUMPTION_PAGE_SIZE),
    page: 1,
    newestFirst: input.query.order_by !== "period",
    groupBy,
  };
  // A customer reads only the days the meter point supplied their own accounts (issue 37 item 2).
  const windows = await supplyWindowsOf(ctx.db, ctx.actor, organisationId, input.fuel, mpxn);

  const [meter] = await execRows<{ id: number }>(
    ctx.db,
    sql`select m.id from consumption_meters m where m.organisation_id = ${organisationId} and m.fuel = ${input.fuel}
          and m.mpxn = ${mpxn} and m.serial_number = ${serial}
          and (select 1 from consumption_days d where d.meter_id = m.id limit 1) is not null`,
  );
  const run = (p: PageSpec) =>
    meter
      ? intervalPage(ctx, Number(meter.id), windows, p)
      : derivedConsumptionPage(ctx, { organisationId, fuel: input.fuel, mpxn, serial }, windows, p);
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
      errors: [
        {
          detail: "period_from must be earlier than period_to.",
          code: "start_date_later_than_end_date",
          attr: "period_to",
        },
      ],
    });
  }
  return { from, to };
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The whole London days inside [from, to) — first day, and the day after the last, each
 * absent where that end is open — and the partial days at the ends as instant ranges.
 * Worked out here rather than in SQL: the statements stay small enough to plan quickly.
 */
export function splitPeriod(from?: Date, to?: Date) {
  let firstDay: string | undefined;
  if (from) {
    const day = formatLondonDate(from);
    firstDay = londonMidnight(day).getTime() === from.getTime() ? day : addDays(day, 1);
  }
  const endDay = to ? formatLondonDate(to) : undefined;
  const edges: [Date, Date][] = [];
  if (from) {
    const until = new Date(Math.min(londonMidnight(firstDay!).getTime(), to?.getTime() ?? Infinity));
    if (until > from) edges.push([from, until]);
  }
  if (to) {
    const since = new Date(
      Math.max(
        londonMidnight(endDay!).getTime(),
        from?.getTime() ?? -Infinity,
        firstDay ? londonMidnight(firstDay).getTime() : -Infinity,
      ),
    );
    if (to > since) edges.push([since, to]);
  }
  const noWholeDays = firstDay !== undefined && endDay !== undefined && firstDay >= endDay;
  return { firstDay, endDay, noWholeDays, edges };
}

/**
 * Interval reads of one meter. Ungrouped: a primary-key range scan. Grouped by day or more:
 * whole London days inside the period come from consumption_days (48 intervals a row), and
 * only the partial days at the period's ends from the intervals. The count of an ungrouped
 * page is summed the same way, so a 10-year meter is never counted row by row. Only intervals
 * inside `windows` count (their edges are London midnights, so a whole day is in or out).
 */
async function intervalPage(
  ctx: Ctx,
  meterId: number,
  windows: readonly SupplyWindow[],
  p: PageSpec,
): Promise<{ count: number; resultsJson: string }> {
  const dir = sql.raw(p.newestFirst ? "desc" : "asc");
  const offset = (p.page - 1) * p.size;
  const split = splitPeriod(p.from, p.to);
  const supplied = instantInWindows(sql`i.interval_start`, windows);
  const inPeriod = sql`i.meter_id = ${meterId}${p.from ? sql` and i.interval_start >= ${ts(p.from)}` : sql``}${p.to ? sql` and i.interval_start < ${ts(p.to)}` : sql``} and ${supplied}`;
  const edgeRows = split.edges.map(
    ([lo, hi]) => sql`select i.interval_start as ts, i.consumption as c from consumption_intervals i
      where i.meter_id = ${meterId} and i.interval_start >= ${ts(lo)} and i.interval_start < ${ts(hi)} and ${supplied}`,
  );
  const edges = edgeRows.length
    ? sql.join(edgeRows, sql` union all `)
    : sql`select null::timestamptz as ts, null::numeric as c where false`;
  const wholeDays = split.noWholeDays
    ? sql`select null::date as day, null::numeric as consumption, 0 as intervals where false`
    : sql`select d.day, d.consumption, d.intervals from consumption_days d where d.meter_id = ${meterId}${split.firstDay ? sql` and d.day >= ${split.firstDay}::date` : sql``}${split.endDay ? sql` and d.day < ${split.endDay}::date` : sql``} and ${dayInWindows(sql`d.day`, windows)}`;
  const dayStart = (d: SQL) => sql`(${d}::timestamp at time zone ${LONDON})`;

  let query: SQL;
  if (!p.groupBy) {
    query = sql`with page as (
        select i.interval_start, i.interval_start + interval '30 minutes' as interval_end, i.consumption from consumption_intervals i where ${inPeriod}
        order by i.interval_start ${dir} limit ${p.size} offset ${offset})
      select (coalesce((select sum(w.intervals) from (${wholeDays}) w), 0) + (select count(*) from (${edges}) e))::int as total,
        coalesce((select string_agg(
          '{"consumption":' || ${jsonNumber(sql`consumption`)} || ',"interval_start":"' || ${londonIso(sql`interval_start`)} ||
          '","interval_end":"' || ${londonIso(sql`interval_end`)} || '"}', ',' order by interval_start ${dir}) from page), '') as results`;
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
