// Pure (no server imports): the console's upload panel lists the columns and builds the template from here.

/**
 * Where a column's value goes in production's EnergyAccount. `{elec}` and `{gas}` are the
 * indexes of the row's electricity and gas meter points in `supply_addresses.0.meter_points`
 * (electricity first: gas is 1 with electricity, else 0); `*` is one register per list item.
 */
export type CsvColumn = {
  name: string;
  path: string;
  group: CsvGroup;
  /** "yes", or the column whose presence makes this one needed; "" when optional. */
  required: string;
  /** int: a whole number; list: `;`-separated, one item per register; intList: both. */
  kind?: "int" | "list" | "intList";
  help: string;
};
export type CsvGroup = "account" | "customer" | "supply" | "elec" | "gas";

const ELEC = "supply_addresses.0.meter_points.{elec}";
const GAS = "supply_addresses.0.meter_points.{gas}";
const SUPPLY = "supply_addresses.0";

const col = (
  group: CsvGroup,
  name: string,
  path: string,
  required: string,
  help: string,
  kind?: CsvColumn["kind"],
): CsvColumn => ({ name, path, group, required, help, ...(kind ? { kind } : {}) });

/** One account per row: one customer, one supply address, at most one electricity and one gas meter point. */
/**
 * What makes a phone number valid (the rule of server/lib/value-problems.ts, in the upload
 * panel's words): one that is not stops its account, with a message saying why.
 */
export const PHONE_HELP =
  "A UK number is 0 and 9 or 10 more digits in a range in use (07700 900123, 020 7946 0000, 0161 496 0000); another country's starts with + and its code (+33 1 23 45 67 89). Spaces, brackets and dashes are ignored. A number that is not valid stops the account; leave the cell blank when unknown.";

export const ACCOUNT_CSV_COLUMNS: readonly CsvColumn[] = [
  col(
    "account",
    "external_account_number",
    "external_account_number",
    "yes",
    "Your account number for this customer; the key of the import",
  ),
  col("account", "account_type", "account_type", "", "DOMESTIC (the default), BUSINESS, DOMESTIC_OCCUPIER, …"),
  col("account", "sales_channel", "sales_channel", "", "DIRECT (the default), PRICE_COMPARISON, TELESALES, …"),
  col("account", "billing_name", "billing_name", "", "Name on the bill; blank: the customer's name"),
  col("account", "billing_address1", "billing_address1", "yes", "First line of the billing address"),
  col("account", "billing_address2", "billing_address2", "", ""),
  col("account", "billing_address3", "billing_address3", "", ""),
  col("account", "billing_address4", "billing_address4", "", "Town"),
  col("account", "billing_address5", "billing_address5", "", "County"),
  col("account", "billing_postcode", "billing_postcode", "yes", "A valid UK postcode"),
  col("account", "billing_email", "billing_email", "", "Where bills are e-mailed"),
  col(
    "account",
    "last_billed_to_date",
    "last_billed_to_date",
    "",
    "YYYY-MM-DD; the open statement period starts the next day",
  ),
  col(
    "account",
    "transfer_balance",
    "transfer_balance",
    "",
    "Balance carried over, e.g. -42.17: credit positive, debit negative",
  ),
  col("customer", "customer_title", "customers.0.title", "", ""),
  col("customer", "customer_given_name", "customers.0.given_name", "", ""),
  col("customer", "customer_family_name", "customers.0.family_name", "on a domestic account's customer", ""),
  col("customer", "customer_salutation", "customers.0.salutation", "", "How letters greet them, e.g. Dear Dr Hopper"),
  col("customer", "customer_email", "customers.0.email", "", ""),
  col("customer", "customer_mobile", "customers.0.mobile", "", PHONE_HELP),
  col("customer", "customer_landline", "customers.0.landline", "", PHONE_HELP),
  col("customer", "customer_date_of_birth", "customers.0.date_of_birth", "", "YYYY-MM-DD"),
  col(
    "supply",
    "supply_address1",
    `${SUPPLY}.supply_address1`,
    "",
    "Blank (with supply_postcode): the billing address",
  ),
  col("supply", "supply_address2", `${SUPPLY}.supply_address2`, "", ""),
  col("supply", "supply_address3", `${SUPPLY}.supply_address3`, "", ""),
  col("supply", "supply_address4", `${SUPPLY}.supply_address4`, "", "Town"),
  col("supply", "supply_address5", `${SUPPLY}.supply_address5`, "", "County"),
  col(
    "supply",
    "supply_postcode",
    `${SUPPLY}.supply_postcode`,
    "",
    "Blank (with supply_address1): the billing postcode",
  ),
  col(
    "supply",
    "customer_at_supply_address_from_date",
    `${SUPPLY}.customer_at_supply_address_from_date`,
    "with a supply address or meter point",
    "YYYY-MM-DD the customer moved in",
  ),
  col(
    "elec",
    "elec_identifier",
    `${ELEC}.identifier`,
    "with any elec_ column",
    "MPAN: 13 digits ending in its check digit; blank: no electricity",
  ),
  col("elec", "elec_mpid", `${ELEC}.mpid`, "with elec_identifier", "Supplier market participant id (4 characters)"),
  col("elec", "elec_supply_start_date", `${ELEC}.supply_start_date`, "with elec_identifier", "YYYY-MM-DD"),
  col("elec", "elec_profile_class", `${ELEC}.profile_class`, "", "Whole number, e.g. 1", "int"),
  col("elec", "elec_ssc", `${ELEC}.ssc`, "", "Standard settlement configuration, e.g. 0393"),
  col("elec", "elec_meter_serial_number", `${ELEC}.meters.0.meter_serial_number`, "with a register", ""),
  col(
    "elec",
    "elec_register_ids",
    `${ELEC}.meters.0.registers.*.register_id`,
    "",
    "One per register, separated by ; (e.g. 1;2)",
    "list",
  ),
  col(
    "elec",
    "elec_register_tprs",
    `${ELEC}.meters.0.registers.*.tpr`,
    "",
    "Time pattern regime per register, e.g. 00001;00002",
    "list",
  ),
  col(
    "elec",
    "elec_register_digits",
    `${ELEC}.meters.0.registers.*.number_of_digits`,
    "with elec_register_ids",
    "Dial digits per register; one value applies to all",
    "intList",
  ),
  col(
    "elec",
    "elec_tariff_code",
    `${ELEC}.agreements.0.tariff_code`,
    "with elec_identifier",
    "e.g. E-1R-VAR-22-11-01-C",
  ),
  col(
    "elec",
    "elec_effective_from",
    `${ELEC}.agreements.0.effective_from`,
    "with elec_tariff_code",
    "YYYY-MM-DD, first day on the tariff",
  ),
  col(
    "elec",
    "elec_effective_to",
    `${ELEC}.agreements.0.effective_to`,
    "",
    "YYYY-MM-DD, first day off it; blank: open-ended",
  ),
  col("gas", "gas_identifier", `${GAS}.identifier`, "with any gas_ column", "MPRN: 6 to 10 digits; blank: no gas"),
  col("gas", "gas_mpid", `${GAS}.mpid`, "with gas_identifier", "Supplier market participant id (4 characters)"),
  col(
    "gas",
    "gas_shipper_mpid",
    `${GAS}.shipper_mpid`,
    "with gas_identifier",
    "Shipper market participant id (3 characters)",
  ),
  col("gas", "gas_supply_start_date", `${GAS}.supply_start_date`, "with gas_identifier", "YYYY-MM-DD"),
  col("gas", "gas_meter_serial_number", `${GAS}.meters.0.meter_serial_number`, "with gas_number_of_digits", ""),
  col(
    "gas",
    "gas_number_of_digits",
    `${GAS}.meters.0.gas_number_of_digits`,
    "with gas_meter_serial_number",
    "Whole number of dial digits",
    "int",
  ),
  col("gas", "gas_tariff_code", `${GAS}.agreements.0.tariff_code`, "with gas_identifier", "e.g. G-1R-VAR-22-11-01-C"),
  col("gas", "gas_effective_from", `${GAS}.agreements.0.effective_from`, "with gas_tariff_code", "YYYY-MM-DD"),
  col("gas", "gas_effective_to", `${GAS}.agreements.0.effective_to`, "", "YYYY-MM-DD; blank: open-ended"),
];

const KNOWN = new Set(ACCOUNT_CSV_COLUMNS.map((c) => c.name));

/** A header cell as the template names it: matched whatever its case and spacing (issue 39 item 10); an unknown one as typed. */
export function canonicalCsvColumn(header: string): string {
  const trimmed = header.trim();
  const lower = trimmed.toLowerCase();
  return KNOWN.has(lower) ? lower : trimmed;
}

export function unknownCsvColumns(header: readonly string[]): string[] {
  return header.filter((h) => !KNOWN.has(h));
}

const CUSTOMER = {
  account_type: "DOMESTIC",
  billing_address4: "Leeds",
  last_billed_to_date: "2026-10-31",
  customer_title: "Dr",
  customer_at_supply_address_from_date: "2025-01-01",
};

/** The template's example rows, one per fuel (issue 39 item 10): replace them with your accounts. Each is a whole, valid account. */
export const CSV_TEMPLATE_EXAMPLES: Record<string, string>[] = [
  {
    ...CUSTOMER,
    external_account_number: "EXAMPLE-ELEC-1",
    billing_name: "Grace Hopper",
    billing_address1: "2 Compiler Lane",
    billing_postcode: "LS1 4AP",
    transfer_balance: "-42.17",
    customer_given_name: "Grace",
    customer_family_name: "Hopper",
    customer_email: "grace@example.com",
    customer_mobile: "07911 123456",
    elec_identifier: "2000012345672",
    elec_mpid: "OCTO",
    elec_supply_start_date: "2025-01-01",
    elec_profile_class: "1",
    elec_ssc: "0393",
    elec_meter_serial_number: "21E1234567",
    elec_register_ids: "1",
    elec_register_tprs: "00001",
    elec_register_digits: "5",
    elec_tariff_code: "E-1R-VAR-22-11-01-M",
    elec_effective_from: "2025-01-01",
  },
  {
    ...CUSTOMER,
    external_account_number: "EXAMPLE-GAS-1",
    billing_name: "Alan Turing",
    billing_address1: "7 Enigma Road",
    billing_postcode: "LS2 9JT",
    transfer_balance: "15.00",
    customer_given_name: "Alan",
    customer_family_name: "Turing",
    customer_landline: "0113 496 0000",
    gas_identifier: "1234567800",
    gas_mpid: "OCTO",
    gas_shipper_mpid: "OCT",
    gas_supply_start_date: "2025-02-01",
    gas_meter_serial_number: "G4A12345",
    gas_number_of_digits: "5",
    gas_tariff_code: "G-1R-VAR-22-11-01-M",
    gas_effective_from: "2025-02-01",
  },
];

/** The columns' header and one example row per fuel (electricity only, gas only). */
export function csvTemplate(): string {
  const names = ACCOUNT_CSV_COLUMNS.map((c) => c.name);
  return `${[names, ...CSV_TEMPLATE_EXAMPLES.map((r) => names.map((n) => r[n] ?? ""))].map((cells) => cells.join(",")).join("\n")}\n`;
}
