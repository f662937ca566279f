import type { FieldError } from "../../errors";
import { csvColumn } from "../accounts/account-csv";

/** A row's error as an import job keeps it: the field error and the CSV column it falls in (null for JSON rows). */
export type RowError = FieldError & { column: string | null };

const PLAIN: Record<string, (name: string) => string> = {
  required: (name) => `${name} is required.`,
  blank: (name) => `${name} must not be blank.`,
};

/**
 * Each problem once, against the column (CSV) or field (JSON) it concerns. A row that leaves
 * its supply address blank is supplied at its billing address: the copy is checked by the
 * supply address's own rules, and a problem the copy has while the billing column has none is
 * said too, as the derived value it is (issue 39 item 4), on the billing column it came from.
 */
export function rowErrors(errors: FieldError[], column: (attr: string | null) => string | null): RowError[] {
  const seen = new Set<string>();
  const out: RowError[] = [];
  const copied = (e: FieldError, col: string | null) =>
    Boolean(col?.startsWith("billing_") && e.attr?.startsWith("supply_addresses."));
  const ordered = [...errors].sort((a, b) => Number(copied(a, column(a.attr))) - Number(copied(b, column(b.attr))));
  for (const e of ordered) {
    const col = column(e.attr);
    const derived = copied(e, col);
    // The billing value has a problem of its own: the copy's follow from it (a value valid for
    // billing_postcode is valid for supply_postcode too), so fixing it fixes both; said once.
    if (derived && out.some((o) => o.column === col)) continue;
    const name = col ?? e.attr;
    const whole = e.code === "invalid_type" && csvColumn(col)?.kind?.startsWith("int");
    const plain = whole ? `${col} takes a whole number.` : name && PLAIN[e.code] ? PLAIN[e.code](name) : e.detail;
    const field = e.attr?.split(".").at(-1) ?? "";
    const detail = derived
      ? `${field}, filled from ${col} because the row leaves the supply address blank: ${plain}`
      : plain;
    const key = `${col ?? e.attr}|${e.code}|${detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...e, detail, column: col });
  }
  return out;
}
