type Maker = (supplierCode: string, mpan: string, mprn: string) => Record<string, unknown>;

const people = [
  ["Ada", "Lovelace", "12 Marylebone Road", "London", "NW1 5LR"],
  ["Isambard", "Brunel", "3 Temple Quay", "Bristol", "BS1 6DZ"],
  ["Mary", "Somerville", "8 Castle Street", "Edinburgh", "EH2 3AT"],
  ["Alan", "Turing", "27 Wilmslow Road", "Manchester", "M14 5TQ"],
  ["Rosalind", "Franklin", "5 Trumpington Street", "Cambridge", "CB2 1QA"],
  ["Michael", "Faraday", "21 Albemarle Street", "London", "W1S 4BS"],
  ["Dorothy", "Hodgkin", "9 Banbury Road", "Oxford", "OX2 6NN"],
] as const;

/** Seven demo customers; each gets an electricity and (every other one) a gas meter point. */
export function demoAccounts(): Maker[] {
  return people.map(([given, family, street, town, postcode], i) => (supplierCode: string, mpan: string, mprn: string) => {
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
              agreements: [{ tariff_code: "E-1R-VAR-22-11-01-C", valid_from: "2025-06-01T00:00:00+01:00" }],
            },
          ],
          gas_meter_points:
            i % 2 === 0
              ? [{ mprn, consumption_standard: 11500, meters: [{ serial_number: `G4A${String(700000 + i)}` }], agreements: [{ tariff_code: "G-1R-VAR-22-11-01-C", valid_from: "2025-06-01T00:00:00+01:00" }] }]
              : [],
        },
      ],
      last_statement_closing_date: "2026-10-31",
    };
  });
}
