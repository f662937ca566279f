import { withMpanCheckDigit } from "../../lib/validators";

type Maker = (supplierCode: string) => Record<string, unknown>;

/**
 * Each customer's supply is in the distribution area of their town: the MPAN starts with
 * that area's distributor id, which clients map to the GSP region letter of the tariffs
 * (10 Eastern _A, 12 London _C, 16 North Western _G, 18 South Scotland _N, 20 Southern _H,
 * 22 South Western _L).
 */
const people = [
  ["Ada", "Lovelace", "12 Marylebone Road", "London", "NW1 5LR", "12", "C"],
  ["Isambard", "Brunel", "3 Temple Quay", "Bristol", "BS1 6DZ", "22", "L"],
  ["Mary", "Somerville", "8 Castle Street", "Edinburgh", "EH2 3AT", "18", "N"],
  ["Alan", "Turing", "27 Wilmslow Road", "Manchester", "M14 5TQ", "16", "G"],
  ["Rosalind", "Franklin", "5 Trumpington Street", "Cambridge", "CB2 1QA", "10", "A"],
  ["Michael", "Faraday", "21 Albemarle Street", "London", "W1S 4BS", "12", "C"],
  ["Dorothy", "Hodgkin", "9 Banbury Road", "Oxford", "OX2 6NN", "20", "H"],
] as const;

/** The smart device id (EUI-64, as the smart-metering data service names devices) of demo customer `i`'s meter of a fuel. */
export const demoDeviceId = (i: number, fuel: "electricity" | "gas") =>
  `00-1B-E7-${fuel === "electricity" ? "0E" : "06"}-00-00-00-${String(i + 1).padStart(2, "0")}`;

/**
 * The demo's smart-meter inventory, as the smart-metering data service would send it: every
 * demo meter is a SMETS2 smart meter, and this is what its device is.
 */
export function demoSmartDeviceInventory(): {
  device_id: string;
  device_type: "ESME" | "GSME";
  manufacturer: string;
  model: string;
  firmware_version: string;
}[] {
  return people.flatMap((_, i) => [
    {
      device_id: demoDeviceId(i, "electricity"),
      device_type: "ESME" as const,
      manufacturer: i % 2 ? "Landis+Gyr" : "Aclara",
      model: i % 2 ? "E470" : "SGM1411",
      firmware_version: i % 2 ? "4.3.1" : "2.1.7",
    },
    ...(i % 2 === 0
      ? [
          {
            device_id: demoDeviceId(i, "gas"),
            device_type: "GSME" as const,
            manufacturer: "Itron",
            model: "Gallus G4",
            firmware_version: "1.2.0",
          },
        ]
      : []),
  ]);
}

/**
 * Seven demo customers in production's EnergyAccount shape; each gets an electricity and
 * (every other one) a gas meter point, on Flexible Octopus in their region, with SMETS2 smart
 * meters (their devices in demoSmartDeviceInventory), registers, EAC/AQ, a transfer reading at
 * the billed-to date and some reading history.
 */
export function demoAccounts(): Maker[] {
  return people.map(([given, family, street, town, postcode, distributor, region], i) => (supplierCode: string) => {
    const mpan = withMpanCheckDigit(`${distributor}${String(1001 + i).padStart(10, "0")}`);
    const mprn = `${8800001 + i}`;
    const billed = "2026-10-31";
    const gas = {
      supply_type: "GAS",
      identifier: mprn,
      mpid: "OCTO",
      shipper_mpid: "OCT",
      supply_start_date: "2025-06-01",
      aq_history: [{ effective_from: "2025-06-01", consumption: "11500.00" }],
      meters: [
        {
          meter_serial_number: `G4A${String(700000 + i)}`,
          gas_number_of_digits: 5,
          smart_type: "SMETS2",
          smart_device_id: demoDeviceId(i, "gas"),
          smart_commissioned_on: "2024-03-12",
          units_of_measure: "SCMH",
          transfer_readings: [{ reading_date: billed, reading_value: `${4200 + i * 37}`, reading_type: "CUSTOMER" }],
          reading_history: [
            { reading_date: "2026-07-31", reading_value: `${3900 + i * 37}`, reading_type: "ESTIMATE", billed: true },
          ],
        },
      ],
      agreements: [{ tariff_code: `G-1R-VAR-22-11-01-${region}`, effective_from: "2025-06-01" }],
    };
    return {
      import_supplier: supplierCode,
      external_account_number: `LEGACY-${String(100200 + i)}`,
      account_type: "DOMESTIC",
      sales_channel: "DIRECT",
      billing_name: `${given} ${family}`,
      billing_address1: street,
      billing_address4: town,
      billing_postcode: postcode,
      customers: [
        {
          title: i % 2 ? "Mr" : "Ms",
          given_name: given,
          family_name: family,
          email: `${given.toLowerCase()}.${family.toLowerCase()}@example.com`,
          mobile: `0791112${String(3450 + i)}`,
          customer_preferences: { opted_into_sms: i % 2 === 0, opted_into_updates: true },
        },
      ],
      supply_addresses: [
        {
          supply_address1: street,
          supply_address4: town,
          supply_postcode: postcode,
          customer_at_supply_address_from_date: "2023-04-01",
          meter_points: [
            {
              supply_type: "ELECTRICITY",
              identifier: mpan,
              mpid: "OCTO",
              supply_start_date: "2025-06-01",
              profile_class: 1,
              ssc: "0393",
              eac_history: [{ effective_from: "2025-06-01", tpr: "00001", consumption: `${2700 + i * 100}.00` }],
              meters: [
                {
                  meter_serial_number: `21E${String(500000 + i)}`,
                  smart_type: "SMETS2",
                  smart_device_id: demoDeviceId(i, "electricity"),
                  smart_commissioned_on: "2024-03-12",
                  registers: [{ register_id: "1", tpr: "00001", number_of_digits: 5, is_settlement: true }],
                  transfer_readings: [
                    {
                      reading_date: billed,
                      reading_value: `${15000 + i * 211}`,
                      reading_type: "CUSTOMER",
                      register_id: "1",
                    },
                  ],
                  reading_history: [
                    {
                      reading_date: "2026-07-31",
                      reading_value: `${14300 + i * 211}`,
                      reading_type: "CUSTOMER",
                      register_id: "1",
                      billed: true,
                    },
                  ],
                },
              ],
              agreements: [{ tariff_code: `E-1R-VAR-22-11-01-${region}`, effective_from: "2025-06-01" }],
            },
            ...(i % 2 === 0 ? [gas] : []),
          ],
        },
      ],
      last_billed_to_date: billed,
      transfer_balance: i % 3 === 0 ? "-42.17" : "15.00",
    };
  });
}
