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

/** Seven demo customers; each gets an electricity and (every other one) a gas meter point, on Flexible Octopus in their region. */
export function demoAccounts(): Maker[] {
  return people.map(([given, family, street, town, postcode, distributor, region], i) => (supplierCode: string) => {
    const mpan = withMpanCheckDigit(`${distributor}${String(1001 + i).padStart(10, "0")}`);
    const mprn = `${8800001 + i}`;
    const address = { address_line_1: street, town, postcode };
    return {
      import_supplier: supplierCode,
      external_account_number: `LEGACY-${String(100200 + i)}`,
      billing_name: `${given} ${family}`,
      billing_address: address,
      customers: [
        {
          title: i % 2 ? "Mr" : "Ms",
          given_name: given,
          family_name: family,
          email: `${given.toLowerCase()}.${family.toLowerCase()}@example.com`,
          mobile: `0791112${String(3450 + i)}`,
        },
      ],
      supply_addresses: [
        {
          ...address,
          moved_in_at: "2023-04-01T00:00:00Z",
          electricity_meter_points: [
            {
              mpan,
              profile_class: 1,
              consumption_standard: 2700 + i * 100,
              meters: [{ serial_number: `21E${String(500000 + i)}`, registers: [{ identifier: "1", rate: "STANDARD", is_settlement_register: true }] }],
              agreements: [{ tariff_code: `E-1R-VAR-22-11-01-${region}`, valid_from: "2025-06-01T00:00:00+01:00" }],
            },
          ],
          gas_meter_points:
            i % 2 === 0
              ? [{ mprn, consumption_standard: 11500, meters: [{ serial_number: `G4A${String(700000 + i)}` }], agreements: [{ tariff_code: `G-1R-VAR-22-11-01-${region}`, valid_from: "2025-06-01T00:00:00+01:00" }] }]
              : [],
        },
      ],
      last_statement_closing_date: "2026-10-31",
    };
  });
}
