import Decimal from "decimal.js";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { loadConsumption } from "@/server/services/consumption/load-consumption";
import { accountPayload, makeImportedAccount, meterIds } from "./account";
import type { OrgFixture } from "./organisation";
import { makeSupplier } from "./supplier";
import { uniq } from "./unique";

let n = 0;
/** An MPAN with this distributor id (first two digits) that no other test uses. */
export function mpanOf(distributor: string) {
  n += 1;
  const tail =
    `${process.pid % 1000}`.padStart(3, "0") + `${Date.now() % 1e5}`.padStart(5, "0") + `${n % 100}`.padStart(2, "0");
  return withMpanCheckDigit(`${distributor}${tail}`);
}

/** An imported account whose electricity meter point has this MPAN; the payload's readings are replaced by `readings` when given. */
export async function makeMeterAccount(
  org: OrgFixture,
  opts: {
    mpan?: string;
    readings?: { reading_date: string; reading_value: string; register_id?: string }[];
    gasReadings?: { reading_date: string; reading_value: string }[];
  } = {},
) {
  const supplier = await makeSupplier(org);
  const base = accountPayload(supplier.code, uniq("EXT")) as any;
  const mpan = opts.mpan ?? meterIds().mpan;
  const [elec, gas] = base.supply_addresses[0].meter_points;
  elec.identifier = mpan;
  const elecSerial = `E${mpan.slice(-6)}`;
  elec.meters[0].meter_serial_number = elecSerial;
  if (opts.readings) {
    elec.meters[0].reading_history = opts.readings.map((r) => ({
      register_id: "1",
      reading_type: "CUSTOMER",
      billed: true,
      ...r,
    }));
  }
  if (opts.gasReadings) {
    gas.meters[0].reading_history = opts.gasReadings.map((r) => ({ reading_type: "CUSTOMER", billed: true, ...r }));
  }
  const account = await makeImportedAccount(org, supplier.code, { supply_addresses: base.supply_addresses });
  return {
    ...account,
    mpan,
    elecSerial,
    mprn: gas.identifier as string,
    gasSerial: gas.meters[0].meter_serial_number as string,
  };
}

export const chunksOf = (text: string) =>
  (async function* () {
    // Uneven chunks, so the parsers meet rows split across reads.
    for (let i = 0; i < text.length; i += 997) yield text.slice(i, i + 997);
  })();

/** CSV of half-hourly rows from `fromIso` (UTC) for `count` intervals, consumption from `value(i)`. */
export function intervalCsv(
  mpxn: string,
  serial: string,
  fromIso: string,
  count: number,
  value: (i: number) => string,
) {
  const start = Date.parse(fromIso);
  const rows = ["mpxn,serial_number,interval_start,consumption"];
  for (let i = 0; i < count; i++)
    rows.push(`${mpxn},${serial},${new Date(start + i * 1_800_000).toISOString()},${value(i)}`);
  return `${rows.join("\n")}\n`;
}

export async function loadCsv(org: OrgFixture, csv: string) {
  return loadConsumption(org.ctx, { chunks: chunksOf(csv), format: "csv" });
}

export const sum = (xs: (string | number)[]) => xs.reduce<Decimal>((a, x) => a.plus(x), new Decimal(0)).toNumber();
