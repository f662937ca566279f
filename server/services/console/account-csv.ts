// Pure (no server imports): the console's upload form reads the column list from here too.

/** CSV columns for staging accounts, one account per row, in the documented order. */
export const ACCOUNT_CSV_COLUMNS = [
  { name: "external_account_number", path: "external_account_number", required: true, help: "Your account number for this customer" },
  { name: "billing_name", path: "billing_name", required: true, help: "Name on the bill" },
  { name: "billing_address_line_1", path: "billing_address.address_line_1", required: true, help: "" },
  { name: "billing_address_line_2", path: "billing_address.address_line_2", required: false, help: "" },
  { name: "billing_address_line_3", path: "billing_address.address_line_3", required: false, help: "" },
  { name: "billing_town", path: "billing_address.town", required: false, help: "" },
  { name: "billing_county", path: "billing_address.county", required: false, help: "" },
  { name: "billing_postcode", path: "billing_address.postcode", required: true, help: "A valid UK postcode" },
  { name: "customer_title", path: "customers.0.title", required: false, help: "" },
  { name: "customer_given_name", path: "customers.0.given_name", required: true, help: "" },
  { name: "customer_family_name", path: "customers.0.family_name", required: true, help: "" },
  { name: "customer_email", path: "customers.0.email", required: false, help: "" },
  { name: "customer_mobile", path: "customers.0.mobile", required: false, help: "A UK mobile number" },
  { name: "customer_landline", path: "customers.0.landline", required: false, help: "A UK landline number" },
  { name: "customer_date_of_birth", path: "customers.0.date_of_birth", required: false, help: "YYYY-MM-DD" },
  { name: "supply_address_line_1", path: "supply_addresses.0.address_line_1", required: false, help: "Blank: the billing address" },
  { name: "supply_address_line_2", path: "supply_addresses.0.address_line_2", required: false, help: "" },
  { name: "supply_address_line_3", path: "supply_addresses.0.address_line_3", required: false, help: "" },
  { name: "supply_town", path: "supply_addresses.0.town", required: false, help: "" },
  { name: "supply_county", path: "supply_addresses.0.county", required: false, help: "" },
  { name: "supply_postcode", path: "supply_addresses.0.postcode", required: false, help: "" },
  { name: "supply_moved_in_at", path: "supply_addresses.0.moved_in_at", required: false, help: "Datetime; no offset means London time" },
  { name: "mpan", path: "supply_addresses.0.electricity_meter_points.0.mpan", required: false, help: "13 digits with check digit; blank: no electricity" },
  { name: "mpan_profile_class", path: "supply_addresses.0.electricity_meter_points.0.profile_class", required: false, help: "0-8" },
  { name: "mpan_meter_serial", path: "supply_addresses.0.electricity_meter_points.0.meters.0.serial_number", required: false, help: "" },
  { name: "mpan_tariff_code", path: "supply_addresses.0.electricity_meter_points.0.agreements.0.tariff_code", required: false, help: "Required with mpan" },
  { name: "mpan_valid_from", path: "supply_addresses.0.electricity_meter_points.0.agreements.0.valid_from", required: false, help: "Required with mpan" },
  { name: "mpan_valid_to", path: "supply_addresses.0.electricity_meter_points.0.agreements.0.valid_to", required: false, help: "" },
  { name: "mprn", path: "supply_addresses.0.gas_meter_points.0.mprn", required: false, help: "6-10 digits; blank: no gas" },
  { name: "mprn_meter_serial", path: "supply_addresses.0.gas_meter_points.0.meters.0.serial_number", required: false, help: "" },
  { name: "mprn_tariff_code", path: "supply_addresses.0.gas_meter_points.0.agreements.0.tariff_code", required: false, help: "Required with mprn" },
  { name: "mprn_valid_from", path: "supply_addresses.0.gas_meter_points.0.agreements.0.valid_from", required: false, help: "Required with mprn" },
  { name: "mprn_valid_to", path: "supply_addresses.0.gas_meter_points.0.agreements.0.valid_to", required: false, help: "" },
  { name: "last_statement_closing_date", path: "last_statement_closing_date", required: true, help: "YYYY-MM-DD; the open period starts the next day" },
] as const;

const KNOWN = new Set<string>(ACCOUNT_CSV_COLUMNS.map((c) => c.name));
const BY_PATH = new Map<string, string>(ACCOUNT_CSV_COLUMNS.map((c) => [c.path, c.name]));

export function unknownCsvColumns(header: readonly string[]): string[] {
  return header.filter((h) => !KNOWN.has(h));
}

const SUPPLY_PREFIX = "supply_addresses.0.";

/**
 * The CSV column an error path points at; a path deeper than a column maps to that column. With
 * `supplyFromBilling` (the row left the supply address blank, so the billing one was copied) a
 * supply address field is reported on the billing column the user actually filled.
 */
export function csvColumnFor(attr: string | null, opts: { supplyFromBilling?: boolean } = {}): string | null {
  if (!attr) return null;
  if (opts.supplyFromBilling && attr.startsWith(SUPPLY_PREFIX)) {
    const billing = BY_PATH.get(`billing_address.${attr.slice(SUPPLY_PREFIX.length)}`);
    if (billing) return billing;
  }
  for (let parts = attr.split("."); parts.length; parts.pop()) {
    const hit = BY_PATH.get(parts.join("."));
    if (hit) return hit;
  }
  if (attr.startsWith("supply_addresses.0.electricity_meter_points.0")) return "mpan";
  if (attr.startsWith("supply_addresses.0.gas_meter_points.0")) return "mprn";
  return null;
}

const blank = (v: string | undefined) => v === undefined || v.trim() === "";

/** A row with neither supply address line 1 nor supply postcode is supplied at its billing address. */
export function usesBillingAsSupply(record: Record<string, string>): boolean {
  return blank(record.supply_address_line_1) && blank(record.supply_postcode);
}

type Json = Record<string, unknown>;

function setPath(target: Json, path: string, value: unknown) {
  const parts = path.split(".");
  let node: Json = target;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
    if (last) node[part] = value;
    else node = (node[part] ??= nextIsIndex ? [] : {}) as Json;
  });
}

const NUMERIC = new Set(["mpan_profile_class"]);

/** One CSV row as a staging payload (without import_supplier); blank cells are left out. */
export function csvRecordToPayload(record: Record<string, string>): Json {
  const out: Json = {};
  for (const col of ACCOUNT_CSV_COLUMNS) {
    const raw = record[col.name];
    if (raw === undefined || raw.trim() === "") continue;
    const value = raw.trim();
    setPath(out, col.path, NUMERIC.has(col.name) && /^\d+$/.test(value) ? Number(value) : value);
  }
  const supply = ((out.supply_addresses as Json[] | undefined)?.[0] ?? {}) as Json;
  if (usesBillingAsSupply(record)) {
    Object.assign(supply, { ...(out.billing_address as Json | undefined) }, { ...supply });
  }
  out.supply_addresses = [supply];
  return out;
}
