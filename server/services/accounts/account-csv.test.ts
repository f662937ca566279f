import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "@/server/errors";
import { StageAccountInput } from "../account-import/account-schemas";
import { ACCOUNT_CSV_COLUMNS, csvColumnLocator, csvRecordToPayload, csvTemplate } from "./account-csv";

const MPAN = "1200060176720";
const MPRN = "9353824109";

/** Every column present (as a file with the template's header has them), blank unless given. */
function row(cells: Record<string, string>): Record<string, string> {
  return { ...Object.fromEntries(ACCOUNT_CSV_COLUMNS.map((c) => [c.name, ""])), ...cells };
}

const BOTH_FUELS = {
  external_account_number: "CSV-1",
  account_type: "DOMESTIC",
  billing_name: "Grace Hopper",
  billing_address1: "2 Compiler Lane",
  billing_address4: "Leeds",
  billing_postcode: "LS1 4AP",
  billing_email: "bills@example.com",
  last_billed_to_date: "2026-10-31",
  transfer_balance: "-12.50",
  customer_given_name: "Grace",
  customer_family_name: "Hopper",
  customer_mobile: "07911 123456",
  customer_at_supply_address_from_date: "2025-01-01",
  elec_identifier: MPAN,
  elec_mpid: "OCTO",
  elec_supply_start_date: "2025-01-01",
  elec_profile_class: "2",
  elec_ssc: "0151",
  elec_meter_serial_number: "E1",
  elec_register_ids: "1;2",
  elec_register_tprs: "00001;00002",
  elec_register_digits: "5",
  elec_tariff_code: "E-2R-VAR-22-11-01-C",
  elec_effective_from: "2025-01-01",
  gas_identifier: MPRN,
  gas_mpid: "OCTO",
  gas_shipper_mpid: "OCT",
  gas_supply_start_date: "2025-02-01",
  gas_meter_serial_number: "G1",
  gas_number_of_digits: "5",
  gas_tariff_code: "G-1R-VAR-22-11-01-C",
  gas_effective_from: "2025-02-01",
  gas_effective_to: "2026-02-01",
};

describe("CSV rows as production's EnergyAccount", () => {
  it("fills each column's production path; the supply address is the billing one when left blank", () => {
    const payload = csvRecordToPayload(row(BOTH_FUELS));
    expect(payload).toEqual({
      external_account_number: "CSV-1",
      account_type: "DOMESTIC",
      billing_name: "Grace Hopper",
      billing_address1: "2 Compiler Lane",
      billing_address4: "Leeds",
      billing_postcode: "LS1 4AP",
      billing_email: "bills@example.com",
      last_billed_to_date: "2026-10-31",
      transfer_balance: "-12.50",
      customers: [{ given_name: "Grace", family_name: "Hopper", mobile: "07911 123456" }],
      supply_addresses: [
        {
          supply_address1: "2 Compiler Lane",
          supply_address4: "Leeds",
          supply_postcode: "LS1 4AP",
          customer_at_supply_address_from_date: "2025-01-01",
          meter_points: [
            {
              supply_type: "ELECTRICITY",
              identifier: MPAN,
              mpid: "OCTO",
              supply_start_date: "2025-01-01",
              profile_class: 2,
              ssc: "0151",
              meters: [
                {
                  meter_serial_number: "E1",
                  registers: [
                    { register_id: "1", tpr: "00001", number_of_digits: 5 },
                    { register_id: "2", tpr: "00002", number_of_digits: 5 },
                  ],
                },
              ],
              agreements: [{ tariff_code: "E-2R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
            },
            {
              supply_type: "GAS",
              identifier: MPRN,
              mpid: "OCTO",
              shipper_mpid: "OCT",
              supply_start_date: "2025-02-01",
              meters: [{ meter_serial_number: "G1", gas_number_of_digits: 5 }],
              agreements: [
                { tariff_code: "G-1R-VAR-22-11-01-C", effective_from: "2025-02-01", effective_to: "2026-02-01" },
              ],
            },
          ],
        },
      ],
    });
    expect(StageAccountInput.safeParse({ ...payload, import_supplier: "S" }).success).toBe(true);
  });

  it("leaves out what the row does not have: no customer, no supply address, no meter point", () => {
    const billingOnly = csvRecordToPayload(
      row({ external_account_number: "X", billing_address1: "1 A Street", billing_postcode: "YO1 7HH" }),
    );
    expect(billingOnly).toEqual({
      external_account_number: "X",
      billing_address1: "1 A Street",
      billing_postcode: "YO1 7HH",
    });
    const gasOnly = csvRecordToPayload(
      row({
        external_account_number: "X",
        billing_address1: "1 A Street",
        billing_postcode: "YO1 7HH",
        gas_identifier: MPRN,
      }),
    );
    expect(gasOnly.supply_addresses).toEqual([
      {
        supply_address1: "1 A Street",
        supply_postcode: "YO1 7HH",
        meter_points: [{ supply_type: "GAS", identifier: MPRN }],
      },
    ]);
  });

  it("keeps a supply address the row gives, and a non-number in a number column as text for the schema to name", () => {
    const p = csvRecordToPayload(
      row({ ...BOTH_FUELS, supply_address1: "9 Other Street", supply_postcode: "LS2 9JT", elec_profile_class: "one" }),
    );
    const sa = (p.supply_addresses as Record<string, unknown>[])[0];
    expect(sa).toMatchObject({ supply_address1: "9 Other Street", supply_postcode: "LS2 9JT" });
    expect(sa.supply_address4).toBeUndefined();
    expect((sa.meter_points as Record<string, unknown>[])[0].profile_class).toBe("one");
  });

  it("puts each schema error back on the column that filled its path", () => {
    const cells = row({
      ...BOTH_FUELS,
      elec_register_tprs: "00001;2",
      gas_shipper_mpid: "",
      elec_profile_class: "one",
      customer_mobile: "12345",
    });
    const parsed = StageAccountInput.safeParse(
      { ...csvRecordToPayload(cells), import_supplier: "S" },
      { reportInput: true },
    );
    expect(parsed.success).toBe(false);
    const column = csvColumnLocator(cells);
    const found = zodFieldErrors(parsed.error!).map((e) => [column(e.attr), e.code]);
    expect(found).toEqual(
      expect.arrayContaining([
        ["elec_register_tprs", "tpr_not_found"],
        ["gas_shipper_mpid", "required"],
        ["elec_profile_class", "invalid_type"],
        ["customer_mobile", "invalid_phone_number"],
      ]),
    );
  });

  it("names object-level problems on the column that starts the object, and billing columns for a copied supply address", () => {
    const both = csvColumnLocator(row(BOTH_FUELS));
    expect(both("supply_addresses.0.meter_points.0.agreements")).toBe("elec_tariff_code");
    expect(both("supply_addresses.0.meter_points.1.agreements.0.effective_to")).toBe("gas_effective_to");
    expect(both("supply_addresses.0.meter_points.1.identifier")).toBe("gas_identifier");
    expect(both("supply_addresses.0.meter_points.0.meters.0.registers.1.register_id")).toBe("elec_register_ids");
    expect(both("supply_addresses.0.supply_postcode")).toBe("billing_postcode");
    expect(both("customers")).toBe("customer_given_name");
    expect(both(null)).toBeNull();
    const gasOnly = csvColumnLocator(
      row({ gas_identifier: MPRN, supply_address1: "1 Road", supply_postcode: "LS2 9JT" }),
    );
    expect(gasOnly("supply_addresses.0.meter_points.0.identifier")).toBe("gas_identifier");
    expect(gasOnly("supply_addresses.0.supply_postcode")).toBe("supply_postcode");
  });

  it("documents one production path per column, and the template has every column", () => {
    const names = ACCOUNT_CSV_COLUMNS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(ACCOUNT_CSV_COLUMNS.map((c) => c.path)).size).toBe(names.length);
    const [header, ...examples] = csvTemplate().trim().split("\n");
    expect(header.split(",")).toEqual(names);
    // One example row per fuel, each a whole account the schema takes, with only its own fuel's meter point.
    expect(examples).toHaveLength(2);
    const fuels = examples.map((line) => {
      const cells = Object.fromEntries(names.map((n, i) => [n, line.split(",")[i]]));
      const parsed = StageAccountInput.safeParse({ import_supplier: "S", ...csvRecordToPayload(row(cells)) });
      expect(parsed.success ? [] : zodFieldErrors(parsed.error), line).toEqual([]);
      return parsed.data!.supply_addresses!.flatMap((a) => a.meter_points!.map((m) => m.supply_type));
    });
    expect(fuels).toEqual([["ELECTRICITY"], ["GAS"]]);
  });
});
