import { type SQL, sql } from "drizzle-orm";
import type { GroupBy } from "./consumption-schemas";

export const LONDON = sql.raw(`'Europe/London'`);

/**
 * `2026-03-29T03:00:00+01:00`: the instant as Europe/London wall time with its offset. `ts`
 * should be a plain column (it is read several times); no subquery, since this runs for up
 * to 25,000 rows a page (a correlated one cost 0.2 ms a row).
 */
export function londonIso(ts: SQL): SQL {
  const local = sql`((${ts}) at time zone ${LONDON})`;
  const offset = sql`(${local} - ((${ts}) at time zone 'UTC'))`;
  return sql`(to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS') || case ${offset} when interval '1 hour' then '+01:00' when interval '0' then '+00:00'
    else case when ${offset} < interval '0' then '-' else '+' end || to_char(abs(extract(epoch from ${offset})) * interval '1 second', 'HH24:MI') end)`;
}

/** The group an instant falls in: London hours are UTC hours (whole-hour offsets), larger units start at London midnight. */
export function bucketStart(unit: GroupBy, ts: SQL): SQL {
  return unit === "hour" ? sql`date_trunc('hour', ${ts})` : sql`date_trunc(${sql.raw(`'${unit}'`)}, ${ts}, ${LONDON})`;
}

const STEP: Record<GroupBy, string> = {
  hour: "1 hour",
  day: "1 day",
  week: "7 days",
  month: "1 month",
  quarter: "3 months",
};

/** The end of the group starting at `start`: a London day is 23 or 25 hours across a clock change. */
export function bucketEnd(unit: GroupBy, start: SQL): SQL {
  const step = sql.raw(`interval '${STEP[unit]}'`);
  return unit === "hour"
    ? sql`(${start} + ${step})`
    : sql`(((${start}) at time zone ${LONDON}) + ${step}) at time zone ${LONDON}`;
}

export const stepOf = (unit: GroupBy) => sql.raw(`interval '${STEP[unit]}'`);

/** A numeric as a JSON number, exactly as stored (no float on the way). */
export const jsonNumber = (n: SQL) => sql`trim_scale(${n})::text`;

/** What a page query needs, whichever source answers it. */
export type PageSpec = { from?: Date; to?: Date; size: number; page: number; newestFirst: boolean; groupBy?: GroupBy };

/** Sums `source` (rows of ts, c) per group and renders one page of groups, newest first unless asked otherwise. */
export function groupedPageQuery(source: SQL, p: PageSpec): SQL {
  const unit = p.groupBy!;
  const dir = sql.raw(p.newestFirst ? "desc" : "asc");
  return sql`with g as (
      select ${bucketStart(unit, sql`s.ts`)} as bs, sum(s.c) as c from (${source}) s group by 1),
    page as (select bs, ${bucketEnd(unit, sql`bs`)} as be, c from g order by bs ${dir} limit ${p.size} offset ${(p.page - 1) * p.size}),
    n as (select count(*) as total from g)
    select (select total from n)::int as total,
      coalesce((select string_agg(
        '{"consumption":' || ${jsonNumber(sql`c`)} || ',"interval_start":"' || ${londonIso(sql`bs`)} ||
        '","interval_end":"' || ${londonIso(sql`be`)} || '"}', ',' order by bs ${dir}) from page), '') as results`;
}
