// Pure (no server imports): one CSV row as production's EnergyAccount, and its errors back on the row's columns.
import { ACCOUNT_CSV_COLUMNS, type CsvColumn } from "./account-csv-columns";

export { ACCOUNT_CSV_COLUMNS, canonicalCsvColumn, csvTemplate, unknownCsvColumns } from "./account-csv-columns";

type Json = Record<string, unknown>;
type Cells = Record<string, string>;

const filled = (v: string | undefined): v is string => v !== undefined && v.trim() !== "";
const anyFilled = (cells: Cells, group: CsvColumn["group"]) =>
  ACCOUNT_CSV_COLUMNS.some((c) => c.group === group && filled(cells[c.name]));

/** A row whose supply_address1 and supply_postcode are both blank is supplied at its billing address. */
export function usesBillingAsSupply(cells: Cells): boolean {
  return !filled(cells.supply_address1) && !filled(cells.supply_postcode);
}

/** What the row holds: which objects exist, and where its meter points sit in meter_points. */
function layoutOf(cells: Cells) {
  const elec = anyFilled(cells, "elec");
  const gas = anyFilled(cells, "gas");
  return {
    supply: elec || gas || anyFilled(cells, "supply"),
    supplyFromBilling: usesBillingAsSupply(cells),
    elec: elec ? 0 : null,
    gas: gas ? (elec ? 1 : 0) : null,
  };
}
type Layout = ReturnType<typeof layoutOf>;

/** A column's path for this row (null: the row has no such meter point); `*` is left for the caller. */
function pathOf(template: string, layout: Layout): string | null {
  if (template.includes("{elec}") && layout.elec === null) return null;
  if (template.includes("{gas}") && layout.gas === null) return null;
  return template.replace("{elec}", String(layout.elec)).replace("{gas}", String(layout.gas));
}

function setPath(target: Json, path: string, value: unknown) {
  const parts = path.split(".");
  let node: Json = target;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) node[part] = value;
    else node = (node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {}) as Json;
  });
}

/** A whole number stays text when it is not one, so the schema names the column's problem. */
const intOrText = (s: string) => (/^\d+$/.test(s) ? Number(s) : s);

/** One CSV row as an EnergyAccount (without import_supplier); blank cells are left out. */
export function csvRecordToPayload(cells: Cells): Json {
  const layout = layoutOf(cells);
  const out: Json = {};
  for (const c of ACCOUNT_CSV_COLUMNS) {
    const raw = cells[c.name];
    const path = pathOf(c.path, layout);
    if (!filled(raw) || path === null) continue;
    const value = raw.trim();
    if (c.kind === "list" || c.kind === "intList") continue;
    setPath(out, path, c.kind === "int" ? intOrText(value) : value);
  }
  registers(cells, layout, out);
  if (layout.supply) {
    const supply = ((out.supply_addresses as Json[] | undefined)?.[0] ?? {}) as Json;
    if (layout.supplyFromBilling) {
      for (const n of [1, 2, 3, 4, 5])
        if (out[`billing_address${n}`] !== undefined) supply[`supply_address${n}`] = out[`billing_address${n}`];
      if (out.billing_postcode !== undefined) supply.supply_postcode = out.billing_postcode;
    }
    const points = (supply.meter_points as Json[] | undefined) ?? [];
    if (layout.elec !== null) points[layout.elec] = { supply_type: "ELECTRICITY", ...points[layout.elec] };
    if (layout.gas !== null) points[layout.gas] = { supply_type: "GAS", ...points[layout.gas] };
    out.supply_addresses = [{ ...supply, meter_points: points }];
  }
  return out;
}

/** elec_register_ids / _tprs / _digits: `;`-separated, one item per register; a single digits value applies to all. */
function registers(cells: Cells, layout: Layout, out: Json) {
  if (layout.elec === null) return;
  const list = (name: string) => (filled(cells[name]) ? cells[name].split(";").map((s) => s.trim()) : []);
  const ids = list("elec_register_ids");
  const tprs = list("elec_register_tprs");
  const digits = list("elec_register_digits");
  const count = Math.max(ids.length, tprs.length, digits.length);
  if (!count) return;
  const all = Array.from({ length: count }, (_, i) => {
    const r: Json = {};
    if (ids[i]) r.register_id = ids[i];
    if (tprs[i]) r.tpr = tprs[i];
    const d = digits.length === 1 ? digits[0] : digits[i];
    if (d) r.number_of_digits = intOrText(d);
    return r;
  });
  setPath(out, `supply_addresses.0.meter_points.${layout.elec}.meters.0.registers`, all);
}

/** Objects whose own errors (a missing agreement, no customers, ...) belong on one column. */
const ANCHORS: [string, string][] = [
  ["customers", "customer_given_name"],
  ["supply_addresses", "supply_address1"],
  ["supply_addresses.0.meter_points.{elec}", "elec_identifier"],
  ["supply_addresses.0.meter_points.{elec}.meters", "elec_meter_serial_number"],
  ["supply_addresses.0.meter_points.{elec}.meters.0.registers", "elec_register_ids"],
  ["supply_addresses.0.meter_points.{elec}.agreements", "elec_tariff_code"],
  ["supply_addresses.0.meter_points.{gas}", "gas_identifier"],
  ["supply_addresses.0.meter_points.{gas}.meters", "gas_meter_serial_number"],
  ["supply_addresses.0.meter_points.{gas}.agreements", "gas_tariff_code"],
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The CSV column an error `attr` of this row concerns: the column whose path is the longest
 * prefix of it. With the supply address copied from billing, a supply address problem is
 * reported on the billing column the user actually filled.
 */
export function csvColumnLocator(cells: Cells): (attr: string | null) => string | null {
  const layout = layoutOf(cells);
  const entries = [...ACCOUNT_CSV_COLUMNS.map((c) => [c.path, c.name] as [string, string]), ...ANCHORS]
    .map(([template, name]) => {
      const path = pathOf(template, layout);
      return path === null
        ? null
        : { name, re: new RegExp(`^${escapeRegExp(path).replace(/\\\*/g, "\\d+")}(\\.|$)`), length: path.length };
    })
    .filter((e) => e !== null)
    .sort((a, b) => b.length - a.length);
  return (attr) => {
    if (!attr) return null;
    const hit = entries.find((e) => e.re.test(attr))?.name ?? null;
    if (hit && layout.supplyFromBilling) {
      const m = /^supply_(address[1-5]|postcode)$/.exec(hit);
      if (m) return `billing_${m[1]}`;
    }
    return hit;
  };
}

export function csvColumn(name: string | null): CsvColumn | undefined {
  return name ? ACCOUNT_CSV_COLUMNS.find((c) => c.name === name) : undefined;
}
