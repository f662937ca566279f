import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import type { Meter } from "@/db/schema";
import { type Ctx, withTransaction } from "../../context";
import { isoSeconds } from "../../lib/time";
import { type ReadableAccount, findReadableAccount } from "./readable-account";

export type TariffRates = {
  standingCharge: string | null;
  unitRate: string | null;
  dayRate: string | null;
  nightRate: string | null;
  preVat: { standingCharge: string | null; unitRate: string | null; dayRate: string | null; nightRate: string | null };
};
export type GraphTariff = {
  tariffCode: string;
  productCode: string;
  fuel: "electricity" | "gas";
  registers: number | null;
  isPrepay: boolean;
  /**
   * A single-register electricity tariff whose latest unit-rate period is shorter than a day
   * (Agile's half hours, a time-of-use day split in two): production's HalfHourlyTariff, whose
   * `unitRates` list the periods (half-hourly-rates.ts).
   */
  halfHourly: boolean;
  /** The catalogue's tariff (null when it does not hold the agreement's code), for its unit rates. */
  tariffId: number | null;
  /** The agreement the tariff was read for: unit rates are listed within it. */
  agreementFrom: string;
  agreementTo: string | null;
  displayName: string | null;
  fullName: string | null;
  description: string | null;
} & TariffRates;
export type GraphAgreement = {
  id: number;
  meterPointId: number;
  validFrom: string;
  validTo: string | null;
  active: boolean;
  tariff: GraphTariff;
};
export type GraphMeterPoint = {
  id: number;
  propertyId: number;
  fuel: "electricity" | "gas";
  mpxn: string;
  isExport: boolean;
  /** Production's measurement class (A non-half-hourly; C, E, F, G half-hourly), as imported. */
  measurementClass: string | null;
  meters: Meter[];
  agreements: GraphAgreement[];
};
export type GraphProperty = {
  id: number;
  address: string;
  postcode: string;
  movedInAt: string | null;
  movedOutAt: string | null;
};
/** A smart device of the organisation's inventory (smart_meter_devices), by the id its meter was imported with. */
export type GraphDevice = {
  deviceId: string;
  deviceType: string | null;
  manufacturer: string;
  model: string;
  firmwareVersion: string;
};
export type AccountGraph = {
  number: string;
  balance: number;
  properties: GraphProperty[];
  meterPoints: GraphMeterPoint[];
  devices: Map<string, GraphDevice>;
  today: string;
};

/** Everything the account query's document can ask for, in six queries whatever the document. */
export async function loadAccountGraph(ctx: Ctx, input: { accountNumber: string }): Promise<AccountGraph> {
  return withTransaction(ctx, async (tx) => {
    const account = await findReadableAccount(tx, ctx, input.accountNumber);
    const [properties, points, agreements, balance, devices] = [
      await loadProperties(tx, account.id),
      await loadMeterPoints(tx, account.id),
      await loadAgreements(tx, account.id),
      await loadBalance(tx, account),
      await loadDevices(tx, account.id),
    ];
    const now = Date.now();
    for (const p of points) p.agreements = agreements.filter((a) => a.meterPointId === p.id);
    for (const a of agreements)
      a.active = Date.parse(a.validFrom) <= now && (a.validTo === null || Date.parse(a.validTo) > now);
    return {
      number: account.number,
      balance,
      properties,
      meterPoints: points,
      devices,
      today: new Date(now).toISOString().slice(0, 10),
    };
  });
}

async function loadProperties(tx: Db, accountId: number): Promise<GraphProperty[]> {
  const rows = await execRows<{
    id: number;
    lines: string;
    postcode: string;
    moved_in_at: Date | string | null;
    moved_out_at: Date | string | null;
  }>(
    tx,
    sql`select id, concat_ws(', ', nullif(address_line1, ''), nullif(address_line2, ''), nullif(address_line3, ''), nullif(town, ''), nullif(county, '')) as lines,
          postcode, moved_in_at, moved_out_at
        from supply_addresses where account_id = ${accountId} order by id`,
  );
  const iso = (v: Date | string | null) => (v === null ? null : isoSeconds(new Date(v)));
  return rows.map((r) => ({
    id: Number(r.id),
    address: r.lines,
    postcode: r.postcode,
    movedInAt: iso(r.moved_in_at),
    movedOutAt: iso(r.moved_out_at),
  }));
}

async function loadMeterPoints(tx: Db, accountId: number): Promise<GraphMeterPoint[]> {
  const rows = await execRows<{
    id: number;
    supply_address_id: number;
    fuel: "electricity" | "gas";
    mpxn: string;
    is_export: boolean;
    measurement_class: string | null;
    meters: Meter[];
  }>(
    tx,
    sql`select id, supply_address_id, fuel, mpxn, is_export, measurement_class, meters from meter_points where account_id = ${accountId} order by id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    propertyId: Number(r.supply_address_id),
    fuel: r.fuel,
    mpxn: r.mpxn,
    isExport: r.is_export,
    measurementClass: r.measurement_class,
    meters: r.meters,
    agreements: [],
  }));
}

/** The inventory's devices of the account's meters (the account's organisation's inventory only). */
async function loadDevices(tx: Db, accountId: number): Promise<Map<string, GraphDevice>> {
  const rows = await execRows<{
    device_id: string;
    device_type: string | null;
    manufacturer: string;
    model: string;
    firmware_version: string;
  }>(
    tx,
    sql`select d.device_id, d.device_type, d.manufacturer, d.model, d.firmware_version
        from smart_meter_devices d
        where d.organisation_id = (select s.organisation_id from accounts a join import_suppliers s on s.id = a.supplier_id where a.id = ${accountId})
          and d.device_id in (select m->>'smart_device_id' from meter_points mp cross join jsonb_array_elements(mp.meters) m where mp.account_id = ${accountId})`,
  );
  return new Map(
    rows.map((r) => [
      r.device_id,
      {
        deviceId: r.device_id,
        deviceType: r.device_type,
        manufacturer: r.manufacturer,
        model: r.model,
        firmwareVersion: r.firmware_version,
      },
    ]),
  );
}

/**
 * Agreements with their tariff from the catalogue and its prices in force during the
 * agreement (now, or its last instant for a past one; direct debit where prices differ).
 * A tariff the catalogue does not hold keeps its codes and null names and prices.
 */
async function loadAgreements(tx: Db, accountId: number): Promise<GraphAgreement[]> {
  type Row = {
    id: number;
    meter_point_id: number;
    tariff_code: string;
    product_code: string;
    valid_from: Date | string;
    valid_to: Date | string | null;
    fuel: "electricity" | "gas";
    registers: number | null;
    is_prepay: boolean | null;
    display_name: string | null;
    full_name: string | null;
    description: string | null;
    rates: Record<string, [string, string]> | null;
    tariff_id: number | null;
    half_hourly: boolean;
  };
  const rows = await execRows<Row>(
    tx,
    sql`select ag.id, ag.meter_point_id, ag.tariff_code, ag.product_code, ag.valid_from, ag.valid_to, mp.fuel,
          t.registers, p.is_prepay, p.display_name, p.full_name, p.description, t.id as tariff_id,
          coalesce(t.fuel = 'electricity' and t.registers = 1 and (
            select hh.valid_to - hh.valid_from < interval '1 day' from tariff_rates hh
            where hh.tariff_id = t.id and hh.rate_type = 'standard_unit_rate'
            order by hh.valid_from desc limit 1), false) as half_hourly,
          (select jsonb_object_agg(r.rate_type, jsonb_build_array(r.value_inc_vat::text, r.value_exc_vat::text))
             from (select distinct on (tr.rate_type) tr.rate_type, tr.value_inc_vat, tr.value_exc_vat
                   from tariff_rates tr
                   where tr.tariff_id = t.id
                     and tr.valid_from <= least(now(), coalesce(ag.valid_to - interval '1 second', now()))
                     and (tr.valid_to is null or tr.valid_to > least(now(), coalesce(ag.valid_to - interval '1 second', now())))
                     and (tr.payment_method is null or tr.payment_method = 'DIRECT_DEBIT')
                   order by tr.rate_type, tr.payment_method nulls last, tr.valid_from desc) r) as rates
        from agreements ag
        join meter_points mp on mp.id = ag.meter_point_id
        left join tariffs t on t.code = ag.tariff_code
        left join products p on p.id = t.product_id
        where ag.account_id = ${accountId}
        order by ag.valid_from, ag.id`,
  );
  return rows.map((r) => {
    const rate = (type: string, vat: 0 | 1) => r.rates?.[type]?.[vat] ?? null;
    const validFrom = isoSeconds(new Date(r.valid_from));
    const validTo = r.valid_to === null ? null : isoSeconds(new Date(r.valid_to));
    return {
      id: Number(r.id),
      meterPointId: Number(r.meter_point_id),
      validFrom,
      validTo,
      active: false,
      tariff: {
        halfHourly: r.half_hourly === true,
        tariffId: r.tariff_id === null ? null : Number(r.tariff_id),
        agreementFrom: validFrom,
        agreementTo: validTo,
        tariffCode: r.tariff_code,
        productCode: r.product_code,
        fuel: r.fuel,
        registers: r.registers === null ? null : Number(r.registers),
        isPrepay: r.is_prepay === true,
        displayName: r.display_name,
        fullName: r.full_name,
        description: r.description,
        standingCharge: rate("standing_charge", 0),
        unitRate: rate("standard_unit_rate", 0),
        dayRate: rate("day_unit_rate", 0),
        nightRate: rate("night_unit_rate", 0),
        preVat: {
          standingCharge: rate("standing_charge", 1),
          unitRate: rate("standard_unit_rate", 1),
          dayRate: rate("day_unit_rate", 1),
          nightRate: rate("night_unit_rate", 1),
        },
      },
    };
  });
}

/**
 * Integer pence, credit positive: the balance carried over plus payments and credits less
 * charges and repayments (amounts are pounds; a negative charge or credit is a reversal).
 */
async function loadBalance(tx: Db, account: ReadableAccount): Promise<number> {
  const [row] = await execRows<{ pence: string }>(
    tx,
    sql`select round(100 * (coalesce(${account.transferBalance}::numeric, 0) + coalesce(sum(case when type in ('PAYMENT', 'CREDIT') then amount else -amount end), 0)))::text as pence
        from transactions where account_id = ${account.id}`,
  );
  return Number(row.pence);
}
