import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import type { accounts } from "@/db/schema";
import { londonToday } from "../../lib/time";
import { newAccountNumber } from "./account-number";
import {
  toAccountRow,
  toAgreementRow,
  toCustomerRow,
  toMeterPointRow,
  toReadingRows,
  toSupplyAddressRow,
} from "./map-rows";
import type { EnergyAccount } from "./payload/energy-account";

export { productCodeFromTariff } from "./map-rows";

type Staged = Omit<EnergyAccount, "import_supplier">;
type Row = Record<string, unknown>;

/** Drizzle's snake_case casing by hand: the rows go to PostgreSQL as JSON, named as the columns. */
const snake = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v ?? null]),
  );

/** The import process row marked imported in the same statement. */
export type ImportedProcess = { id: number; operationsTeamName: string | null };

/**
 * Inserts the account and everything under it (customers, supply addresses, meter points,
 * agreements, readings) and marks the import process imported, in ONE statement: the rows
 * (mapped by map-rows.ts) travel as one JSON parameter and data-modifying CTEs insert them
 * table by table, children linked to ids drawn from the tables' own sequences in payload
 * order (ADR 0025). Returns what the events need.
 */
export async function createAccountRows(tx: Db, supplierId: number, staged: Staged, process: ImportedProcess) {
  const today = londonToday();
  const addresses = staged.supply_addresses ?? [];
  const points = addresses.flatMap((sa, address) => sa.meter_points.map((p) => ({ p, address })));
  const agreementRows = points.flatMap(({ p }, point) =>
    (p.agreements ?? []).map((g) => ({ point, row: toAgreementRow(g, 0, 0) })),
  );
  const input = {
    customers: (staged.customers ?? []).map((c, position) => snake(toCustomerRow(c, 0, position))),
    addresses: addresses.map((sa) => snake(toSupplyAddressRow(sa, 0))),
    points: points.map(({ p, address }) => ({ ...snake(toMeterPointRow(p, 0, 0, today)), address })),
    agreements: agreementRows.map(({ point, row }) => ({ ...snake(row), point })),
    readings: points.flatMap(({ p }, point) => toReadingRows(p, 0).map((r) => ({ ...snake(r), point }))),
    process: { id: process.id, operations_team_name: process.operationsTeamName },
  };
  for (let attempt = 0; ; attempt++) {
    if (attempt > 5) throw new Error("could not allocate a unique account number");
    const account = toAccountRow(staged, supplierId, newAccountNumber(), today);
    const [row] = await execRows<{ id: number; created_at: string | Date; agreement_ids: number[] }>(
      tx,
      sql`
      with input as materialized (select ${JSON.stringify({ ...input, account: snake(account) })}::jsonb as j),
      a as (
        insert into accounts (number, supplier_id, external_account_number, account_type, sales_channel, billing_name,
          billing_address_line1, billing_address_line2, billing_address_line3, billing_town, billing_county, billing_postcode,
          billing_email, transfer_balance, last_billed_to_date, last_statement_closing_date, open_statement_period_start)
        select r.number, r.supplier_id, r.external_account_number, r.account_type, r.sales_channel, r.billing_name,
          r.billing_address_line1, r.billing_address_line2, r.billing_address_line3, r.billing_town, r.billing_county, r.billing_postcode,
          r.billing_email, r.transfer_balance, r.last_billed_to_date, r.last_statement_closing_date, r.open_statement_period_start
        from input cross join lateral jsonb_populate_record(null::accounts, input.j->'account') as r
        on conflict (number) do nothing
        returning id, created_at),
      c as (
        insert into customers (account_id, position, title, salutation, given_name, family_name, email, mobile, landline, date_of_birth, psr, preferences)
        select a.id, r.position, r.title, r.salutation, r.given_name, r.family_name, r.email, r.mobile, r.landline, r.date_of_birth, r.psr, r.preferences
        from a cross join input cross join lateral jsonb_populate_recordset(null::customers, input.j->'customers') as r
        order by r.position),
      sa as materialized (
        select x.ord, nextval('supply_addresses_id_seq'::regclass) as id, x.r
        from input cross join lateral jsonb_array_elements(input.j->'addresses') with ordinality as x(r, ord)),
      sa_rows as (
        insert into supply_addresses (id, account_id, address_line1, address_line2, address_line3, town, county, postcode,
          delivery_point_identifier, moved_in_at, moved_out_at)
        select sa.id, a.id, r.address_line1, r.address_line2, r.address_line3, r.town, r.county, r.postcode,
          r.delivery_point_identifier, r.moved_in_at, r.moved_out_at
        from a cross join sa cross join lateral jsonb_populate_record(null::supply_addresses, sa.r) as r),
      mp as materialized (
        select x.ord, nextval('meter_points_id_seq'::regclass) as id, x.r, (x.r->>'address')::bigint + 1 as address
        from input cross join lateral jsonb_array_elements(input.j->'points') with ordinality as x(r, ord)),
      mp_rows as (
        insert into meter_points (id, account_id, supply_address_id, fuel, mpxn, mpid, shipper_mpid, supply_start_date, supply_end_date,
          last_billed_to_date, profile_class, ssc, measurement_class, consumption_standard, is_export, meters)
        select mp.id, a.id, sa.id, r.fuel, r.mpxn, r.mpid, r.shipper_mpid, r.supply_start_date, r.supply_end_date,
          r.last_billed_to_date, r.profile_class, r.ssc, r.measurement_class, r.consumption_standard, r.is_export, r.meters
        from a cross join mp join sa on sa.ord = mp.address cross join lateral jsonb_populate_record(null::meter_points, mp.r) as r),
      g as materialized (
        select x.ord, nextval('agreements_id_seq'::regclass) as id, x.r, (x.r->>'point')::bigint + 1 as point
        from input cross join lateral jsonb_array_elements(input.j->'agreements') with ordinality as x(r, ord)),
      g_rows as (
        insert into agreements (id, account_id, meter_point_id, tariff_code, product_code, valid_from, valid_to)
        select g.id, a.id, mp.id, r.tariff_code, r.product_code, r.valid_from, r.valid_to
        from a cross join g join mp on mp.ord = g.point cross join lateral jsonb_populate_record(null::agreements, g.r) as r),
      readings as (
        insert into meter_readings (meter_point_id, meter_serial_number, register_id, reading_date, reading_value, reading_type, source, billed, validation_status)
        select mp.id, r.meter_serial_number, r.register_id, r.reading_date, r.reading_value, r.reading_type, r.source, r.billed, r.validation_status
        from a cross join input cross join lateral jsonb_array_elements(input.j->'readings') with ordinality as x(v, ord)
          join mp on mp.ord = (x.v->>'point')::bigint + 1
          cross join lateral jsonb_populate_record(null::meter_readings, x.v) as r
        order by x.ord),
      done as (
        update account_import_processes p
        set status = 'imported', account_id = a.id, imported_at = now(), updated_at = now(), errors = '[]'::jsonb,
          operations_team_name = input.j->'process'->>'operations_team_name'
        from a cross join input
        where p.id = (input.j->'process'->>'id')::int)
      select a.id, a.created_at, array(select g.id from g order by g.ord) as agreement_ids from a`,
    );
    if (!row) continue;
    const created: typeof accounts.$inferSelect = {
      ...(account as Required<typeof account>),
      id: row.id,
      createdAt: new Date(row.created_at),
    };
    const ids = row.agreement_ids.map(Number);
    return {
      account: created,
      agreements: agreementRows.map(({ row: g }, k) => ({
        id: ids[k],
        validFrom: g.validFrom,
        productCode: g.productCode,
      })),
    };
  }
}
