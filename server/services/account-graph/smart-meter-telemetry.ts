import { sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { isoSeconds } from "../../lib/time";
import { readableAccountSql } from "../customers/customer-accounts";

export const TELEMETRY_GROUPINGS = ["TEN_SECONDS", "ONE_MINUTE", "FIVE_MINUTES", "HALF_HOURLY"] as const;
export type TelemetryGrouping = (typeof TELEMETRY_GROUPINGS)[number];

/** Longest range one request reads: 31 days of half hours (1,488 rows). */
export const TELEMETRY_MAX_DAYS = 31;

export type TelemetryInput = { deviceId: string; grouping: TelemetryGrouping; start: Date; end: Date };
export type TelemetryReading = {
  readAt: string;
  consumption: null;
  consumptionDelta: number;
  demand: null;
  export: null;
};

export const deviceNotReadable = (deviceId: string) =>
  new ServiceError("not_found", "device_not_found", `No smart meter device '${deviceId}' on your accounts.`);

/**
 * Half-hourly reads of the meter whose imported smart_device_id is `deviceId`, oldest first,
 * from the interval reads loaded for it. The platform holds half-hour totals only:
 * consumptionDelta is the half hour's Wh; the cumulative register (consumption), instantaneous
 * demand and export are not held, so they are null. Finer groupings have no reads to give.
 */
export async function smartMeterTelemetry(ctx: Ctx, input: TelemetryInput): Promise<TelemetryReading[]> {
  const organisationId = organisationOf(ctx);
  if (input.end.getTime() < input.start.getTime())
    throw new ServiceError("validation", "invalid_range", "end is before start.");
  if (input.end.getTime() - input.start.getTime() > TELEMETRY_MAX_DAYS * 86_400_000) {
    throw new ServiceError("validation", "range_too_long", `Ask for at most ${TELEMETRY_MAX_DAYS} days at a time.`);
  }
  const deviceId = input.deviceId.replaceAll("\0", "\uFFFD");
  const halfHourly = input.grouping === "HALF_HOURLY";
  // A customer reads only the half hours in which the meter point supplied one of their own
  // accounts, from its supply start through its supply end day (issue 37 item 2).
  const suppliedToCaller =
    ctx.actor.kind !== "customer"
      ? sql`true`
      : sql`exists (select 1 from meter_points mp join accounts a on a.id = mp.account_id
          where mp.fuel = d.fuel and mp.mpxn = d.mpxn and ${readableAccountSql(ctx.actor, organisationId)}
            and (mp.supply_start_date is null or i.interval_start >= (mp.supply_start_date::timestamp at time zone 'Europe/London'))
            and (mp.supply_end_date is null or i.interval_start < ((mp.supply_end_date + 1)::timestamp at time zone 'Europe/London')))`;
  // One statement (one snapshot, one round trip): a marker row when the device is on a readable
  // account, then its reads in the range.
  const rows = await execRows<{ marker: boolean; interval_start: Date | string | null; wh: string | null }>(
    ctx.db,
    sql`with device as (
          select mp.fuel, mp.mpxn, m->>'serial_number' as serial
          from meter_points mp
          join accounts a on a.id = mp.account_id
          cross join jsonb_array_elements(mp.meters) m
          where mp.meters @> jsonb_build_array(jsonb_build_object('smart_device_id', ${deviceId}::text))
            and m->>'smart_device_id' = ${deviceId}
            and ${readableAccountSql(ctx.actor, organisationId)}
          order by mp.id desc limit 1)
        select true as marker, null::timestamptz as interval_start, null::text as wh from device
        union all
        select false, i.interval_start, (i.consumption * 1000)::text
        from device d
        join consumption_meters cm on cm.organisation_id = ${organisationId} and cm.fuel = d.fuel and cm.mpxn = d.mpxn and cm.serial_number = d.serial
        join consumption_intervals i on i.meter_id = cm.id
        where ${halfHourly} and i.interval_start >= ${input.start.toISOString()}::timestamptz and i.interval_start < ${input.end.toISOString()}::timestamptz
          and ${suppliedToCaller}
        order by marker desc, interval_start`,
  );
  if (!rows[0]?.marker) throw deviceNotReadable(input.deviceId);
  return rows.slice(1).map((r) => ({
    readAt: isoSeconds(new Date(r.interval_start!)),
    consumption: null,
    consumptionDelta: Number(r.wh),
    demand: null,
    export: null,
  }));
}
