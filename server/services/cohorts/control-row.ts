import type { ControlMeterPoint, ControlReading, ReconciliationCheck } from "@/db/schema";
import type { FieldError } from "../../errors";
import { CONTROL_COLUMNS } from "./control-columns";

export type ControlRow = {
  externalAccountNumber: string;
  line: number;
  checks: ReconciliationCheck[];
  closingBalancePence: number | null;
  meterPoints: ControlMeterPoint[] | null;
  paymentReference: string | null;
  statementCount: number | null;
  lastReadings: ControlReading[] | null;
  extra: Record<string, unknown>;
};

const KNOWN = new Set<string>(CONTROL_COLUMNS.map((c) => c.name));
const MPAN = /^[0-9]{13}$/;
const MPRN = /^[0-9]{6,10}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** What meter_readings.reading_value (numeric(21, 10)) holds. */
const READING = /^-?\d{1,11}(\.\d{1,10})?$/;
const TEXT = /^[^\p{Cc}]{1,200}$/u;

const isDate = (s: string) =>
  DATE.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * One control-file record (a JSON Lines object, or a CSV row's cells) as the figures it gives, or
 * its errors at `lines.<line>.<column>`. A column absent from the record turns its check off;
 * a CSV column present but blank means "none" (no meter points, no active instruction).
 */
export function parseControlRecord(
  format: "csv" | "jsonl",
  line: number,
  record: Record<string, unknown>,
): { row: ControlRow | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const err = (column: string, code: string, detail: string) =>
    errors.push({ attr: `lines.${line}.${column}`, code, detail: `Line ${line}, ${column}: ${detail}` });
  const has = (k: string) => Object.hasOwn(record, k) && !(format === "jsonl" && record[k] === undefined);
  const checks = new Set<ReconciliationCheck>();

  const ext = record.external_account_number;
  const external = typeof ext === "string" ? ext.trim() : typeof ext === "number" ? String(ext) : "";
  if (!external) err("external_account_number", "required", "This field is required.");
  else if (!TEXT.test(external))
    err("external_account_number", "invalid", "An account number is up to 200 characters, with no control characters.");

  let closingBalancePence: number | null = null;
  if (has("closing_balance_pence")) {
    checks.add("balance");
    const v = record.closing_balance_pence;
    const text = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "";
    if (!/^-?\d{1,15}$/.test(text))
      err("closing_balance_pence", "invalid_pence", "Give a whole number of pence (credit positive), e.g. -1234.");
    else closingBalancePence = Number(text);
  }

  let meterPoints: ControlMeterPoint[] | null = null;
  if (has("mpans") || has("mprns")) {
    checks.add("meter_points");
    checks.add("meters");
    meterPoints = [];
    for (const [column, fuel] of [
      ["mpans", "electricity"],
      ["mprns", "gas"],
    ] as const) {
      if (!has(column)) continue;
      const parsed =
        format === "csv"
          ? meterPointsFromCell(record[column])
          : meterPointsFromJson(record[column], fuel === "electricity" ? "mpan" : "mprn");
      if (typeof parsed === "string") {
        err(column, "invalid_meter_points", parsed);
        continue;
      }
      for (const mp of parsed) {
        if (!(fuel === "electricity" ? MPAN : MPRN).test(mp.mpxn))
          err(
            column,
            fuel === "electricity" ? "invalid_mpan" : "invalid_mprn",
            `'${mp.mpxn.slice(0, 20)}' is not ${fuel === "electricity" ? "an MPAN (13 digits)" : "an MPRN (6 to 10 digits)"}.`,
          );
        else if (mp.meter_serials.some((s) => !TEXT.test(s)))
          err(column, "invalid_meter_serial", `A meter serial of ${mp.mpxn} is blank or too long.`);
        else if (meterPoints.some((x) => x.mpxn === mp.mpxn))
          err(column, "duplicate_meter_point", `${mp.mpxn} is listed twice.`);
        else meterPoints.push(mp);
      }
    }
  }

  let paymentReference: string | null = null;
  if (has("payment_reference")) {
    checks.add("payment");
    const v = record.payment_reference;
    if (!blank(v)) {
      if (typeof v !== "string" || !TEXT.test(v.trim()))
        err(
          "payment_reference",
          "invalid",
          "Give the reference as text (up to 200 characters), or leave it empty when there is none.",
        );
      else paymentReference = v.trim();
    }
  }

  let statementCount: number | null = null;
  if (has("statement_count")) {
    checks.add("statements");
    const v = record.statement_count;
    const text = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "";
    if (!/^\d{1,9}$/.test(text))
      err("statement_count", "invalid_count", "Give a whole number of statements (0 or more).");
    else statementCount = Number(text);
  }

  let lastReadings: ControlReading[] | null = null;
  if (has("last_readings")) {
    checks.add("readings");
    const parsed = format === "csv" ? readingsFromCell(record.last_readings) : readingsFromJson(record.last_readings);
    if (typeof parsed === "string") err("last_readings", "invalid_readings", parsed);
    else {
      const keys = new Set<string>();
      for (const r of parsed) {
        const key = `${r.meter_serial}/${r.register}`;
        if (!TEXT.test(r.meter_serial))
          err("last_readings", "invalid_meter_serial", "A reading's meter serial is blank or too long.");
        else if (r.register.length > 200)
          err("last_readings", "invalid_register", "A register id is at most 200 characters.");
        else if (!READING.test(r.value))
          err(
            "last_readings",
            "invalid_reading_value",
            `${key}: '${r.value.slice(0, 30)}' is not a reading (a decimal number).`,
          );
        else if (!isDate(r.date))
          err("last_readings", "invalid_date", `${key}: '${r.date.slice(0, 30)}' is not a date (YYYY-MM-DD).`);
        else if (keys.has(key)) err("last_readings", "duplicate_register", `${key} has two last readings.`);
        else keys.add(key);
      }
      if (!errors.some((e) => e.attr === `lines.${line}.last_readings`)) lastReadings = parsed;
    }
  }

  const extra = Object.fromEntries(Object.entries(record).filter(([k, v]) => !KNOWN.has(k) && k !== "" && !blank(v)));
  if (errors.length) return { row: null, errors };
  return {
    row: {
      externalAccountNumber: external,
      line,
      checks: [...checks],
      closingBalancePence,
      meterPoints,
      paymentReference,
      statementCount,
      lastReadings,
      extra,
    },
    errors,
  };
}

function meterPointsFromCell(v: unknown): ControlMeterPoint[] | string {
  if (blank(v)) return [];
  if (typeof v !== "string") return "Give meter points as MPXN=SERIAL|SERIAL, separated by ';'.";
  const out: ControlMeterPoint[] = [];
  for (const part of v
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [mpxn, serials = "", more] = part.split("=");
    if (more !== undefined) return `'${part.slice(0, 40)}' has more than one '='; give MPXN=SERIAL|SERIAL.`;
    out.push({
      mpxn: mpxn.trim(),
      meter_serials: serials
        .split("|")
        .map((s) => s.trim())
        .filter(Boolean),
    });
  }
  return out;
}

function meterPointsFromJson(v: unknown, key: "mpan" | "mprn"): ControlMeterPoint[] | string {
  if (v === null) return [];
  const shape = `Give a list of {"${key}": "…", "meter_serials": ["…"]}.`;
  if (!Array.isArray(v)) return shape;
  const out: ControlMeterPoint[] = [];
  for (const item of v) {
    if (!item || typeof item !== "object") return shape;
    const o = item as Record<string, unknown>;
    const serials = o.meter_serials ?? [];
    if (typeof o[key] !== "string" || !Array.isArray(serials) || serials.some((s) => typeof s !== "string"))
      return shape;
    out.push({ mpxn: (o[key] as string).trim(), meter_serials: (serials as string[]).map((s) => s.trim()) });
  }
  return out;
}

function readingsFromCell(v: unknown): ControlReading[] | string {
  if (blank(v)) return [];
  if (typeof v !== "string") return "Give readings as SERIAL/REGISTER=VALUE@YYYY-MM-DD, separated by ';'.";
  const out: ControlReading[] = [];
  for (const part of v
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([^/=@]+)(?:\/([^=@]*))?=([^@]+)@(.+)$/.exec(part);
    if (!m) return `'${part.slice(0, 40)}' is not SERIAL/REGISTER=VALUE@YYYY-MM-DD.`;
    out.push({ meter_serial: m[1].trim(), register: (m[2] ?? "").trim(), value: m[3].trim(), date: m[4].trim() });
  }
  return out;
}

function readingsFromJson(v: unknown): ControlReading[] | string {
  if (v === null) return [];
  const shape = 'Give a list of {"meter_serial", "register", "value", "date"}.';
  if (!Array.isArray(v)) return shape;
  const out: ControlReading[] = [];
  for (const item of v) {
    if (!item || typeof item !== "object") return shape;
    const o = item as Record<string, unknown>;
    const value = typeof o.value === "number" ? String(o.value) : o.value;
    if (
      typeof o.meter_serial !== "string" ||
      typeof value !== "string" ||
      typeof o.date !== "string" ||
      (o.register !== undefined && o.register !== null && typeof o.register !== "string")
    )
      return shape;
    out.push({
      meter_serial: o.meter_serial.trim(),
      register: ((o.register as string | null | undefined) ?? "").trim(),
      value: value.trim(),
      date: o.date.trim(),
    });
  }
  return out;
}
