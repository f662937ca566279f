import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import type { Fuel } from "@/db/schema";
import { type Ctx, organisationOf, requireWriter, withTransaction } from "../../context";
import { type FieldError, ServiceError, fieldError } from "../../errors";
import { emitMany, pending } from "../../events/emit";
import { formatLondonDate } from "../../lib/time";
import { findOrgMeterPoint } from "./find-meter";
import { type FileFormat, type IntervalRow, type ParsedLine, parseCsv, parseJsonArray } from "./parse-consumption-file";

const BATCH_ROWS = 5_000;
const MAX_ERRORS = 100;

export type MeterSummary = {
  fuel: Fuel;
  mpxn: string;
  serial_number: string;
  rows: number;
  changed: number;
  first_interval: string | null;
  last_interval: string | null;
};
export type LoadConsumptionResult = { rows: number; changed: number; meters: MeterSummary[]; events: number };

type Meter = {
  id: number;
  fuel: Fuel;
  mpxn: string;
  serial: string;
  accountNumber: string;
  rows: number;
  changed: number;
  first: Date | null;
  last: Date | null;
  firstChanged: Date | null;
};

/**
 * Loads half-hourly interval reads from a CSV or JSON stream into the organisation's meters,
 * in one transaction: every row is checked (up to 100 errors are reported, each at its line)
 * and nothing is kept unless the whole file is valid. Rows upsert on (meter, interval start),
 * so loading a file again changes nothing; a later row for the same interval wins. Each
 * electricity meter point whose reads changed gets one `actual.intervals.received` event,
 * `rebill_from` being the London date of its earliest changed interval.
 */
export async function loadConsumption(
  ctx: Ctx,
  input: { chunks: AsyncIterable<string>; format: FileFormat; onlyMpxn?: string },
): Promise<LoadConsumptionResult> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const parsed: AsyncIterable<ParsedLine> =
    input.format === "csv" ? parseCsv(input.chunks) : parseJsonArray(input.chunks);
  return withTransaction(ctx, async (tx) => {
    const meters = new Map<string, Meter | null>();
    const errors: FieldError[] = [];
    let batch = new Map<string, { meter: Meter; row: IntervalRow }>();
    let rows = 0;
    for await (const item of parsed) {
      if ("errors" in item) {
        errors.push(...item.errors);
      } else if (input.onlyMpxn !== undefined && item.row.mpxn !== input.onlyMpxn) {
        const { line, mpxn } = item.row;
        errors.push(
          fieldError(
            `lines.${line}.mpxn`,
            "other_meter_point",
            `Line ${line}: ${mpxn} is not meter point ${input.onlyMpxn}, which this upload is for.`,
          ),
        );
      } else {
        const meter = await meterOf(tx, organisationId, meters, item.row);
        if (!meter) {
          const { line, mpxn, serial } = item.row;
          errors.push(
            fieldError(
              `lines.${line}.serial_number`,
              "unknown_meter",
              `Line ${line}: no meter point ${mpxn} with meter ${serial} in this organisation's accounts.`,
            ),
          );
        } else if (!errors.length) {
          rows++;
          meter.rows++;
          batch.set(`${meter.id} ${item.row.intervalStart.getTime()}`, { meter, row: item.row });
          if (batch.size >= BATCH_ROWS) {
            await upsertBatch(tx, batch);
            batch = new Map();
          }
        }
      }
      if (errors.length >= MAX_ERRORS) break;
    }
    if (!errors.length && rows === 0) errors.push(fieldError(null, "empty_file", "The file holds no interval reads."));
    if (errors.length) {
      throw new ServiceError(
        "validation",
        "invalid_consumption_file",
        `The file has ${errors.length >= MAX_ERRORS ? `at least ${MAX_ERRORS}` : errors.length} error(s); nothing was loaded.`,
        { errors: errors.slice(0, MAX_ERRORS) },
      );
    }
    await upsertBatch(tx, batch);
    const loaded = [...meters.values()].filter((m): m is Meter => m !== null);
    const events = eventsFor(loaded, organisationId);
    await emitMany(tx, events);
    return {
      rows,
      changed: loaded.reduce((n, m) => n + m.changed, 0),
      meters: loaded.map((m) => ({
        fuel: m.fuel,
        mpxn: m.mpxn,
        serial_number: m.serial,
        rows: m.rows,
        changed: m.changed,
        first_interval: m.first?.toISOString() ?? null,
        last_interval: m.last?.toISOString() ?? null,
      })),
      events: events.length,
    };
  });
}

async function meterOf(
  tx: Db,
  organisationId: number,
  meters: Map<string, Meter | null>,
  row: IntervalRow,
): Promise<Meter | null> {
  const key = `${row.mpxn} ${row.serial}`;
  if (meters.has(key)) return meters.get(key)!;
  const fuel: Fuel = row.mpxn.length === 13 ? "electricity" : "gas";
  const point = await findOrgMeterPoint(tx, organisationId, fuel, row.mpxn);
  let meter: Meter | null = null;
  if (point?.serials.includes(row.serial)) {
    const [r] = await execRows<{ id: number }>(
      tx,
      sql`insert into consumption_meters (organisation_id, fuel, mpxn, serial_number) values (${organisationId}, ${fuel}, ${row.mpxn}, ${row.serial})
          on conflict on constraint consumption_meters_meter_key do update set serial_number = excluded.serial_number returning id`,
    );
    meter = {
      id: Number(r.id),
      fuel,
      mpxn: row.mpxn,
      serial: row.serial,
      accountNumber: point.accountNumber,
      rows: 0,
      changed: 0,
      first: null,
      last: null,
      firstChanged: null,
    };
  }
  meters.set(key, meter);
  return meter;
}

/** One statement per batch; rows whose value is unchanged are not rewritten (nor counted, nor evented). */
async function upsertBatch(tx: Db, batch: Map<string, { meter: Meter; row: IntervalRow }>) {
  if (!batch.size) return;
  const byId = new Map<number, Meter>();
  const json: { m: number; t: string; c: string }[] = [];
  for (const { meter, row } of batch.values()) {
    byId.set(meter.id, meter);
    json.push({ m: meter.id, t: row.intervalStart.toISOString(), c: row.consumption });
    if (!meter.first || row.intervalStart < meter.first) meter.first = row.intervalStart;
    if (!meter.last || row.intervalStart > meter.last) meter.last = row.intervalStart;
  }
  const changed = await execRows<{ meter_id: number; n: number; first: string }>(
    tx,
    sql`with up as (
          insert into consumption_intervals (meter_id, interval_start, consumption)
          select r.m, r.t, r.c from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(m int, t timestamptz, c numeric)
          on conflict (meter_id, interval_start) do update set consumption = excluded.consumption
            where consumption_intervals.consumption is distinct from excluded.consumption
          returning meter_id, interval_start)
        select meter_id, count(*)::int as n, to_char(min(interval_start) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as first from up group by meter_id`,
  );
  for (const c of changed) {
    const meter = byId.get(Number(c.meter_id))!;
    meter.changed += Number(c.n);
    const first = new Date(c.first);
    if (!meter.firstChanged || first < meter.firstChanged) meter.firstChanged = first;
  }
}

function eventsFor(meters: Meter[], organisationId: number) {
  const byMpan = new Map<string, Meter & { firstChanged: Date }>();
  for (const m of meters) {
    if (m.fuel !== "electricity" || !m.firstChanged) continue;
    const seen = byMpan.get(m.mpxn);
    if (!seen || m.firstChanged < seen.firstChanged) byMpan.set(m.mpxn, m as Meter & { firstChanged: Date });
  }
  return [...byMpan.values()].map((m) =>
    pending(
      "actual.intervals.received",
      "v1",
      { mpan: m.mpxn, rebill_from: formatLondonDate(m.firstChanged) },
      { accountNumber: m.accountNumber, organisationId },
    ),
  );
}
