import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { execRows } from "@/db/client";
import type { Fuel } from "@/db/schema";
import { ServiceError } from "../../errors";

export type OrgMeterPoint = {
  id: number;
  profileClass: number | null;
  accountNumber: string;
  serials: string[];
  tariffCode: string | null;
};

// PostgreSQL text cannot hold NUL (`%00` in a path): U+FFFD matches nothing, so a 404 rather than a driver error.
export const cleanIdentifier = (s: string) => s.trim().replaceAll("\0", "\uFFFD");

/**
 * The organisation's meter point with this MPAN/MPRN: the newest of its accounts' rows when
 * several accounts hold it (occupiers change), with every serial any of them lists and the
 * tariff of its latest agreement. Null when the organisation has no such meter point.
 */
export async function findOrgMeterPoint(
  db: Db,
  organisationId: number,
  fuel: Fuel,
  mpxn: string,
  customerEmail?: string,
): Promise<OrgMeterPoint | null> {
  // A customer's key sees the meter point only on accounts naming its e-mail (ADR 0207).
  const mine = (alias: string) =>
    customerEmail === undefined
      ? sql`true`
      : sql`exists (select 1 from customers c where c.account_id = ${sql.raw(alias)}.id and lower(btrim(c.email)) = ${customerEmail})`;
  const rows = await execRows<{
    id: number;
    profile_class: number | null;
    account_number: string;
    serials: string[] | null;
    tariff_code: string | null;
  }>(
    db,
    sql`select mp.id, mp.profile_class, a.number as account_number,
          (select array_agg(distinct m->>'serial_number') from meter_points mp2
             join accounts a2 on a2.id = mp2.account_id join import_suppliers s2 on s2.id = a2.supplier_id
             cross join jsonb_array_elements(mp2.meters) m
           where s2.organisation_id = ${organisationId} and mp2.fuel = ${fuel} and mp2.mpxn = ${mpxn} and ${mine("a2")}) as serials,
          (select ag.tariff_code from agreements ag where ag.meter_point_id = mp.id order by ag.valid_from desc, ag.id desc limit 1) as tariff_code
        from meter_points mp
        join accounts a on a.id = mp.account_id
        join import_suppliers s on s.id = a.supplier_id
        where s.organisation_id = ${organisationId} and mp.fuel = ${fuel} and mp.mpxn = ${mpxn} and ${mine("a")}
        order by mp.id desc limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    profileClass: row.profile_class === null ? null : Number(row.profile_class),
    accountNumber: row.account_number,
    serials: row.serials ?? [],
    tariffCode: row.tariff_code,
  };
}

export const meterPointNotFound = (fuel: Fuel, mpxn: string) =>
  new ServiceError(
    "not_found",
    "meter_point_not_found",
    `No ${fuel} meter point '${mpxn}' in this organisation's accounts.`,
  );

export const meterNotFound = (mpxn: string, serial: string) =>
  new ServiceError("not_found", "meter_not_found", `Meter point '${mpxn}' has no meter '${serial}'.`);
