import Decimal from "decimal.js";
import { toNormalised } from "postcode";
import type { accounts, agreements, customers, meterPoints, meterReadings, supplyAddresses } from "@/db/schema";
import type { Meter } from "@/db/schema";
import { addDays } from "../../lib/time";
import { londonMidnight } from "./agreement-periods";
import type { EnergyAccount } from "./payload/energy-account";
import type { EnergyCustomer } from "./payload/customer";
import type { ElectricityMeter, GasMeter } from "./payload/meter";
import type { EnergyLegacySupplyAddress, MeterPoint } from "./payload/supply-address";
import type { ElectricityAgreement, GasAgreement } from "./payload/agreement";
import { carriedOverBalance, lastClosedDate } from "./rules/ledger-rules";

/**
 * What the platform acts on, mapped into tables: one function per production object. Every
 * other field stays in the staged payload (jsonb), read from there, never copied again.
 */

type Staged = Omit<EnergyAccount, "import_supplier">;

const text = (s: string | null | undefined) => (s == null || s.trim() === "" ? null : s.trim());
const postcodeOf = (p: string | null | undefined) =>
  text(p) ? (toNormalised(p!.trim()) ?? p!.trim().toUpperCase()) : null;
const decimal = (v: string | number) => new Decimal(typeof v === "number" ? String(v) : v);

/** The billing address as five lines and a postcode, from either production style. */
export function billingLines(a: Staged): { lines: (string | null)[]; postcode: string | null } {
  const b = a.billing_address;
  if (!b) {
    return {
      lines: [a.billing_address1, a.billing_address2, a.billing_address3, a.billing_address4, a.billing_address5].map(
        text,
      ),
      postcode: postcodeOf(a.billing_postcode),
    };
  }
  const street = (b.street_address ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const lines = [...street.slice(0, 3), ...Array(Math.max(0, 3 - street.length)).fill(null)];
  if (street.length > 3) lines[2] = street.slice(2).join(", ");
  if (text(b.dependent_locality))
    lines[street.length < 3 ? Math.min(street.length, 2) : 2] ??= text(b.dependent_locality);
  return {
    lines: [...lines, text(b.locality), text(b.administrative_area)],
    postcode: b.country === "GB" ? postcodeOf(b.postal_code) : text(b.postal_code),
  };
}

/** The first day of the open statement period: the day after the last closed statement, else when supply began, else today. */
export function openPeriodStart(a: Staged, today: string): string {
  const closed = lastClosedDate(a);
  if (closed) return addDays(closed, 1);
  const starts = (a.supply_addresses ?? []).flatMap((sa) => [
    sa.customer_at_supply_address_from_date,
    ...sa.meter_points.flatMap((p) => [p.supply_start_date, ...(p.agreements ?? []).map((g) => g.effective_from)]),
  ]);
  return starts.length ? starts.sort()[0] : today;
}

const customerName = (c: EnergyCustomer | undefined) =>
  c ? text([c.given_name, c.family_name].filter(Boolean).join(" ")) : null;

export function toAccountRow(
  a: Staged,
  supplierId: number,
  number: string,
  today: string,
): typeof accounts.$inferInsert {
  const { lines, postcode } = billingLines(a);
  const closed = lastClosedDate(a);
  const business = a.business as { company_name?: string } | undefined;
  return {
    number,
    supplierId,
    externalAccountNumber: a.external_account_number!,
    accountType: a.account_type ?? (a.is_managed ? "MANAGED" : a.is_portfolio_lead ? "PORTFOLIO_LEAD" : "DOMESTIC"),
    salesChannel: a.sales_channel || "DIRECT",
    billingName: text(a.billing_name) ?? customerName(a.customers?.[0]) ?? text(business?.company_name),
    billingAddressLine1: lines[0],
    billingAddressLine2: lines[1],
    billingAddressLine3: lines[2],
    billingTown: lines[3],
    billingCounty: lines[4],
    billingPostcode: postcode,
    billingEmail: text(a.billing_email),
    transferBalance: carriedOverBalance(a)?.toFixed() ?? null,
    lastBilledToDate: a.last_billed_to_date ?? null,
    lastStatementClosingDate: closed,
    openStatementPeriodStart: openPeriodStart(a, today),
  };
}

export function toCustomerRow(c: EnergyCustomer, accountId: number, position: number): typeof customers.$inferInsert {
  return {
    accountId,
    position,
    title: text(c.title),
    salutation: text(c.salutation),
    givenName: c.given_name?.trim() ?? "",
    familyName: c.family_name?.trim() ?? "",
    email: text(c.email),
    mobile: text(c.mobile),
    landline: text(c.landline),
    dateOfBirth: c.date_of_birth ?? null,
    psr: (c.psr ?? []) as Record<string, unknown>[],
    preferences: (c.customer_preferences ?? null) as Record<string, unknown> | null,
  };
}

export function toSupplyAddressRow(
  sa: EnergyLegacySupplyAddress,
  accountId: number,
): typeof supplyAddresses.$inferInsert {
  return {
    accountId,
    addressLine1: sa.supply_address1.trim(),
    addressLine2: text(sa.supply_address2),
    addressLine3: text(sa.supply_address3),
    town: text(sa.supply_address4),
    county: text(sa.supply_address5),
    postcode: postcodeOf(sa.supply_postcode)!,
    deliveryPointIdentifier: text(sa.supply_delivery_point_identifier),
    movedInAt: londonMidnight(sa.customer_at_supply_address_from_date),
    movedOutAt: sa.customer_at_supply_address_to_date ? londonMidnight(sa.customer_at_supply_address_to_date) : null,
  };
}

/** kWh a year the platform plans with: the EACs in force summed over TPRs, or the AQ in force. */
export function consumptionStandard(p: MeterPoint, today: string): number | null {
  if (p.supply_type === "ELECTRICITY") {
    const latest = new Map<string, { from: string; kwh: Decimal }>();
    for (const e of p.eac_history ?? []) {
      const seen = latest.get(e.tpr);
      const current = e.effective_from <= today;
      if (!seen || (current && (seen.from > today || e.effective_from > seen.from)))
        latest.set(e.tpr, { from: e.effective_from, kwh: decimal(e.consumption) });
    }
    return latest.size
      ? [...latest.values()]
          .reduce((s, v) => s.plus(v.kwh), new Decimal(0))
          .round()
          .toNumber()
      : null;
  }
  const aqs = [...(p.aq_history ?? [])].sort((x, y) => (x.effective_from < y.effective_from ? 1 : -1));
  const inForce =
    aqs.find((q) => q.effective_from <= today && (q.effective_to == null || q.effective_to > today)) ?? aqs[0];
  return inForce ? decimal(inForce.consumption).round().toNumber() : null;
}

const RATE_NAMES = new Set(["STANDARD", "DAY", "NIGHT", "OFF_PEAK", "PEAK"]);

/**
 * The register's rate as the public account API names it (STANDARD, DAY, NIGHT, ...), which
 * tariff clients match on: a meter's only register is STANDARD; of several, a register named
 * by its rate keeps that name, else its TPR is the best name there is.
 */
function registerRate(r: { register_id: string; tpr?: string }, count: number): string | null {
  if (count === 1) return "STANDARD";
  const named = r.register_id.trim().toUpperCase().replace(/[ -]/g, "_");
  return RATE_NAMES.has(named) ? named : (r.tpr ?? null);
}

function toMeter(m: ElectricityMeter | GasMeter): Meter {
  const registers = "registers" in m ? (m.registers ?? []) : [];
  return {
    serial_number: m.meter_serial_number,
    registers: registers.map((r) => ({
      identifier: r.register_id,
      rate: registerRate(r, registers.length),
      is_settlement_register: r.is_settlement ?? true,
      number_of_digits: r.number_of_digits,
      tpr: r.tpr ?? null,
    })),
    installed_on: m.installed_on ?? null,
    removed_on: m.removed_on ?? null,
    smart_type: m.smart_type ?? null,
    smart_device_id: m.smart_device_id ?? null,
    ...("units_of_measure" in m && m.units_of_measure ? { units_of_measure: m.units_of_measure } : {}),
    is_prepay: m.is_prepay ?? false,
  };
}

export function toMeterPointRow(
  p: MeterPoint,
  accountId: number,
  supplyAddressId: number,
  today: string,
): typeof meterPoints.$inferInsert {
  const elec = p.supply_type === "ELECTRICITY" ? p : null;
  return {
    accountId,
    supplyAddressId,
    fuel: elec ? "electricity" : "gas",
    mpxn: p.identifier,
    mpid: p.mpid,
    shipperMpid: p.supply_type === "GAS" ? p.shipper_mpid : null,
    supplyStartDate: p.supply_start_date,
    supplyEndDate: p.supply_end_date ?? null,
    lastBilledToDate: p.last_billed_to_date ?? null,
    profileClass: elec?.profile_class ?? null,
    ssc: elec?.ssc ?? null,
    measurementClass: elec?.measurement_class ?? null,
    consumptionStandard: consumptionStandard(p, today),
    isExport: elec?.export_type === "EXPORT_ONLY" || elec?.export_type === "IMPORT_EXPORT",
    meters: (p.meters ?? []).map(toMeter),
  };
}

/** Tariff `E-1R-VAR-22-11-01-C` is of product `VAR-22-11-01`: between fuel/registers and region. */
export function productCodeFromTariff(tariffCode: string): string {
  const m = /^[EG]-[12]R-(.+)-[A-P]$/.exec(tariffCode);
  return m ? m[1] : tariffCode;
}

export function toAgreementRow(
  g: ElectricityAgreement | GasAgreement,
  accountId: number,
  meterPointId: number,
): typeof agreements.$inferInsert {
  return {
    accountId,
    meterPointId,
    tariffCode: g.tariff_code,
    productCode: productCodeFromTariff(g.tariff_code),
    validFrom: londonMidnight(g.effective_from),
    validTo: g.effective_to ? londonMidnight(g.effective_to) : null,
  };
}

/** A meter's transfer readings and reading history as meter_readings rows. */
export function toReadingRows(p: MeterPoint, meterPointId: number): (typeof meterReadings.$inferInsert)[] {
  return (p.meters ?? []).flatMap((m) => {
    const row = (r: {
      reading_date: string;
      reading_value: string | number;
      reading_type: string;
      register_id?: string;
    }) => ({
      meterPointId,
      meterSerialNumber: m.meter_serial_number,
      registerId: r.register_id ?? "",
      readingDate: r.reading_date,
      readingValue: decimal(r.reading_value).toFixed(),
      readingType: r.reading_type,
    });
    return [
      ...(m.transfer_readings ?? []).map((r) => ({
        ...row(r),
        source: "transfer" as const,
        billed: null,
        validationStatus: null,
      })),
      ...(m.reading_history ?? []).map((r) => ({
        ...row(r),
        source: "history" as const,
        billed: r.billed,
        validationStatus: r.validation_status ?? "VALIDATED",
      })),
    ];
  });
}
