import { withMpanCheckDigit } from "@/server/lib/validators";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { stageAccount } from "@/server/services/account-import/stage-account";
import type { OrgFixture } from "./organisation";
import { uniq } from "./unique";

let mp = 0;
/** A fresh valid MPAN (13 digits, right check digit) and MPRN on every call. */
export function meterIds() {
  mp += 1;
  const base =
    `${process.pid % 1000}`.padStart(3, "0") + `${Date.now() % 1e6}`.padStart(6, "0") + `${mp % 1000}`.padStart(3, "0");
  return { mpan: withMpanCheckDigit(base.slice(0, 12)), mprn: `9${base.slice(3, 12)}`.slice(0, 10) };
}

/** A valid create-or-update body in production's EnergyAccount shape (both fuels, meters, registers, readings); pass overrides to change it. */
export function accountPayload(
  supplierCode: string,
  external = uniq("EXT"),
  overrides: Record<string, unknown> = {},
  ids = meterIds(),
) {
  const { mpan, mprn } = ids;
  return {
    import_supplier: supplierCode,
    external_account_number: external,
    account_type: "DOMESTIC",
    billing_name: "Ada Lovelace",
    billing_address1: "1 Analytical Row",
    billing_address4: "London",
    billing_postcode: "SW1A 1AA",
    customers: [
      {
        given_name: "Ada",
        family_name: "Lovelace",
        email: "ada@example.com",
        mobile: "07911 123456",
        landline: "020 7946 0000",
      },
    ],
    supply_addresses: [
      {
        supply_address1: "1 Analytical Row",
        supply_address4: "London",
        supply_postcode: "SW1A 1AA",
        customer_at_supply_address_from_date: "2025-01-01",
        meter_points: [
          {
            supply_type: "ELECTRICITY",
            identifier: mpan,
            mpid: "OCTO",
            supply_start_date: "2025-01-01",
            profile_class: 1,
            meters: [
              {
                meter_serial_number: `E${mpan.slice(-6)}`,
                registers: [{ register_id: "1", tpr: "00001", number_of_digits: 5, is_settlement: true }],
                transfer_readings: [
                  { reading_date: "2026-10-31", reading_value: "12345.0", reading_type: "CUSTOMER", register_id: "1" },
                ],
              },
            ],
            agreements: [{ tariff_code: "E-1R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
          },
          {
            supply_type: "GAS",
            identifier: mprn,
            mpid: "OCTO",
            shipper_mpid: "OCT",
            supply_start_date: "2025-01-01",
            meters: [{ meter_serial_number: `G${mprn.slice(-6)}`, gas_number_of_digits: 5 }],
            agreements: [{ tariff_code: "G-1R-VAR-22-11-01-C", effective_from: "2025-01-01" }],
          },
        ],
      },
    ],
    last_billed_to_date: "2026-10-31",
    ...overrides,
  };
}

/** The account's keys and meter ids, as the tests refer to it. */
function refOf(payload: StageAccountInput, supplierCode: string) {
  const points = payload.supply_addresses?.[0]?.meter_points ?? [];
  return {
    externalAccountNumber: payload.external_account_number!,
    importSupplier: supplierCode,
    mpan: points.find((p) => p.supply_type === "ELECTRICITY")?.identifier,
    mprn: points.find((p) => p.supply_type === "GAS")?.identifier,
  };
}

/** Stages one account (not imported) through the service, as POST accounts/create-or-update/ does. */
export async function makeStagedAccount(
  org: OrgFixture,
  supplierCode: string,
  overrides: Record<string, unknown> = {},
) {
  const payload = StageAccountInput.parse(accountPayload(supplierCode, uniq("EXT"), overrides));
  const staged = await stageAccount(org.ctx, payload);
  return { ...refOf(payload, supplierCode), staged, payload };
}

/** Stages and imports one account through the services; returns its numbers and meter ids. */
export async function makeImportedAccount(
  org: OrgFixture,
  supplierCode: string,
  overrides: Record<string, unknown> = {},
) {
  const { payload, externalAccountNumber, ...ref } = await makeStagedAccount(org, supplierCode, overrides);
  const result = await processAccountImport(org.ctx, {
    import_supplier: supplierCode,
    external_account_number: externalAccountNumber,
    dry_run: false,
  });
  return {
    accountNumber: result.account_number,
    externalAccountNumber,
    importSupplier: ref.importSupplier,
    mpan: ref.mpan,
    mprn: ref.mprn,
  };
}
