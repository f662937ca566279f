import { z } from "zod";
import { DateString, DateTimeString, Mpan, Mprn, PhoneNumber, Postcode, Text } from "../../lib/validators";
import { parseLondonDateTime } from "../../lib/time";
import { overlaps, periodOf } from "./agreement-periods";

export const AccountRef = z.strictObject({
  import_supplier: Text(64),
  external_account_number: Text(100),
});

const Address = {
  address_line_1: Text(),
  address_line_2: Text().optional(),
  address_line_3: Text().optional(),
  town: Text().optional(),
  county: Text().optional(),
  postcode: Postcode,
};

const Customer = z.strictObject({
  title: Text(20).optional(),
  given_name: Text(100),
  family_name: Text(100),
  email: z.email({ message: "Enter a valid e-mail address." }).max(254).optional(),
  mobile: PhoneNumber.optional(),
  landline: PhoneNumber.optional(),
  date_of_birth: DateString.optional(),
});

const Agreement = z
  .strictObject({ tariff_code: Text(100), valid_from: DateTimeString, valid_to: DateTimeString.optional() })
  .refine((a) => !a.valid_to || parseLondonDateTime(a.valid_to)! > parseLondonDateTime(a.valid_from)!, {
    message: "valid_from must be earlier than valid_to.",
    path: ["valid_to"],
    params: { code: "start_date_later_than_end_date" },
  });

const Register = z.strictObject({
  identifier: Text(20),
  rate: Text(50).optional(),
  is_settlement_register: z.boolean().default(true),
});
const Meter = z.strictObject({ serial_number: Text(50), registers: z.array(Register).max(10).default([]) });

const ElectricityMeterPoint = z.strictObject({
  mpan: Mpan,
  profile_class: z.number().int().min(0).max(8).optional(),
  consumption_standard: z.number().int().min(0).optional(),
  is_export: z.boolean().default(false),
  meters: z.array(Meter).max(10).default([]),
  agreements: z.array(Agreement).min(1).max(50),
});

const GasMeterPoint = z.strictObject({
  mprn: Mprn,
  consumption_standard: z.number().int().min(0).optional(),
  meters: z.array(Meter).max(10).default([]),
  agreements: z.array(Agreement).min(1).max(50),
});

const SupplyAddress = z.strictObject({
  ...Address,
  moved_in_at: DateTimeString.optional(),
  electricity_meter_points: z.array(ElectricityMeterPoint).max(10).default([]),
  gas_meter_points: z.array(GasMeterPoint).max(10).default([]),
});

export const StageAccountInput = AccountRef.extend({
  billing_name: Text(200),
  billing_address: z.strictObject(Address),
  customers: z.array(Customer).min(1).max(10),
  supply_addresses: z.array(SupplyAddress).min(1).max(20),
  last_statement_closing_date: DateString,
}).superRefine((a, ctx) => {
  const seen = new Map<string, string>();
  a.supply_addresses.forEach((sa, i) => {
    const points = [
      ...sa.electricity_meter_points.map((p, j) => ({ id: p.mpan, path: ["supply_addresses", i, "electricity_meter_points", j, "mpan"] })),
      ...sa.gas_meter_points.map((p, j) => ({ id: p.mprn, path: ["supply_addresses", i, "gas_meter_points", j, "mprn"] })),
    ];
    for (const [fuel, list] of [["electricity_meter_points", sa.electricity_meter_points], ["gas_meter_points", sa.gas_meter_points]] as const) {
      list.forEach((p, j) => {
        const periods = p.agreements.map(periodOf);
        periods.forEach((q, k) => {
          const earlier = periods.findIndex((o, m) => m < k && overlaps(o, q));
          if (earlier >= 0) {
            ctx.addIssue({ code: "custom", path: ["supply_addresses", i, fuel, j, "agreements", k, "valid_from"], message: `This agreement overlaps agreement ${earlier} of the same meter point.`, params: { code: "overlapping_agreements" } });
          }
        });
      });
    }
    for (const p of points) {
      if (seen.has(p.id)) {
        ctx.addIssue({ code: "custom", path: p.path, message: `Meter point ${p.id} appears twice (first at ${seen.get(p.id)}).`, params: { code: "duplicate_supply_point_identifier" } });
      } else seen.set(p.id, p.path.join("."));
    }
  });
});
export type StageAccountInput = z.infer<typeof StageAccountInput>;

export const ProcessAccountInput = AccountRef.extend({ dry_run: z.boolean().default(false) });
export type ProcessAccountInput = z.infer<typeof ProcessAccountInput>;

export const SupplierExternalParams = z.strictObject({ supplier: Text(64), external: Text(100) });
