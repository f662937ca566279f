import { z } from "zod";
import { type Ctx, organisationOf, requireWriter } from "../../context";
import { type FieldError, safeParseReporting, zodFieldErrors } from "../../errors";
import { StageAccountInput } from "./account-schemas";
import { stageAccount } from "./stage-account";
import { recordAudit } from "../audit/record-audit";
import { assertMigrationOngoing, findSupplier } from "../suppliers/find-supplier";
import { SupplierCode } from "../suppliers/schemas";
import { rowFailure } from "./row-failure";
import { csvColumn, csvColumnLocator, csvRecordToPayload, unknownCsvColumns } from "../accounts/account-csv";

export const MAX_ROWS_PER_CALL = 200;

export const StageAccountRowsInput = z.strictObject({
  importSupplier: SupplierCode,
  format: z.enum(["json", "csv"]),
  /** 1-based number of the first record in the file, so errors name the file's own rows. */
  firstRow: z.number().int().min(1),
  /** Each record's own row (JSON Lines: its line number, blank lines skipped); else firstRow onwards. */
  rows: z.array(z.number().int().min(1)).max(MAX_ROWS_PER_CALL).optional(),
  records: z.array(z.unknown()).min(1).max(MAX_ROWS_PER_CALL),
}).refine((i) => !i.rows || i.rows.length === i.records.length, { message: "Give one row number per record.", path: ["rows"] });
export type StageAccountRowsInput = z.input<typeof StageAccountRowsInput>;

export type RowError = FieldError & { column: string | null };
export type RowResult = {
  row: number;
  externalAccountNumber: string | null;
  ok: boolean;
  created?: boolean;
  code?: string;
  detail?: string;
  errors: RowError[];
};

/**
 * Stages the rows of an uploaded file (JSON accounts, or CSV rows mapped to production's
 * EnergyAccount by account-csv.ts) one by one, each in its own transaction (as a migration
 * script's REST calls would): a bad row is reported against its row and field and stages nothing;
 * a row that fails unexpectedly is reported against its row too (rowFailure), never a 500.
 * A supplier that is not Ongoing refuses the whole call, rather than every row with the same error.
 */
export async function stageAccountRows(ctx: Ctx, raw: StageAccountRowsInput): Promise<{ results: RowResult[] }> {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = StageAccountRowsInput.parse(raw);
  const supplier = await findSupplier(ctx.db, organisationId, input.importSupplier);
  assertMigrationOngoing(supplier);
  const results: RowResult[] = [];
  for (const [i, record] of input.records.entries()) {
    results.push(await stageOne(ctx, supplier.code, input.format, input.rows?.[i] ?? input.firstRow + i, record));
  }
  // Each row is its own transaction (as REST calls would be); the batch's audit row sums them up after.
  const staged = results.filter((r) => r.ok).length;
  await recordAudit(ctx.db, ctx, {
    action: "account_import.rows_staged",
    entityType: "import_supplier",
    entityId: supplier.code,
    details: { format: input.format, rows: results.length, staged, failed: results.length - staged },
  });
  return { results };
}

async function stageOne(ctx: Ctx, supplierCode: string, format: "json" | "csv", row: number, record: unknown): Promise<RowResult> {
  let column = (_attr: string | null): string | null => null;
  const fail = (code: string, detail: string, errors: FieldError[], external: string | null): RowResult => ({
    row,
    externalAccountNumber: external,
    ok: false,
    code,
    detail,
    errors: rowErrors(errors, column),
  });
  let payload: Record<string, unknown>;
  if (format === "csv") {
    const cells = z.record(z.string(), z.string()).safeParse(record);
    if (!cells.success) return fail("invalid_row", "A CSV row must map column names to text.", [], null);
    const unknown = unknownCsvColumns(Object.keys(cells.data));
    if (unknown.length) {
      return fail("unknown_column", `Unknown column(s): ${unknown.join(", ")}.`, unknown.map((c) => ({ attr: c, code: "unknown_field", detail: `Unknown column '${c}'.` })), null);
    }
    column = csvColumnLocator(cells.data);
    payload = csvRecordToPayload(cells.data);
  } else {
    if (!record || typeof record !== "object" || Array.isArray(record)) return fail("invalid_row", "Each account must be a JSON object.", [], null);
    payload = { ...(record as Record<string, unknown>) };
  }
  const external = typeof payload.external_account_number === "string" ? payload.external_account_number : null;
  if (payload.import_supplier !== undefined && payload.import_supplier !== supplierCode) {
    const detail = `This row is for import supplier '${String(payload.import_supplier)}', not '${supplierCode}'.`;
    return fail("import_supplier_mismatch", detail, [{ attr: "import_supplier", code: "import_supplier_mismatch", detail }], external);
  }
  // Reporting parse: tells a missing value ("required") from a wrong one.
  const parsed = safeParseReporting(StageAccountInput, { ...payload, import_supplier: supplierCode });
  if (!parsed.success) return fail("account_failed_validation", "The account failed validation.", zodFieldErrors(parsed.error), external);
  try {
    const { created, body } = await stageAccount(ctx, parsed.data);
    return { row, externalAccountNumber: body.external_account_number, ok: true, created, errors: [] };
  } catch (err) {
    const e = rowFailure(err, ctx.requestId);
    return fail(e.code, e.message, e.errors, external);
  }
}

/** zod's generic wording for a missing or blank value, said about the column or field instead. */
const PLAIN: Record<string, (name: string) => string> = {
  required: (name) => `${name} is required.`,
  blank: (name) => `${name} must not be blank.`,
};

/**
 * Each problem once, against the column (CSV) or field (JSON) it concerns. A row that leaves
 * its supply address blank is supplied at its billing address: the copy is checked by the
 * supply address's own rules (supply_postcode is shorter than billing_postcode), and a problem
 * the copy has that the billing column has not is said too, as the derived value it is
 * (issue 39 item 4), on the billing column it came from.
 */
export function rowErrors(errors: FieldError[], column: (attr: string | null) => string | null): RowError[] {
  const seen = new Set<string>();
  const out: RowError[] = [];
  const copied = (e: FieldError, col: string | null) => Boolean(col?.startsWith("billing_") && e.attr?.startsWith("supply_addresses."));
  const ordered = [...errors].sort((a, b) => Number(copied(a, column(a.attr))) - Number(copied(b, column(b.attr))));
  for (const e of ordered) {
    const col = column(e.attr);
    const derived = copied(e, col);
    // The same problem of the same value, already said on the billing column: once is enough.
    if (derived && out.some((o) => o.column === col && o.code === e.code)) continue;
    const name = col ?? e.attr;
    const whole = e.code === "invalid_type" && csvColumn(col)?.kind?.startsWith("int");
    const plain = whole ? `${col} takes a whole number.` : name && PLAIN[e.code] ? PLAIN[e.code](name) : e.detail;
    const field = e.attr?.split(".").at(-1) ?? "";
    const detail = derived ? `${field}, filled from ${col} because the row leaves the supply address blank: ${plain}` : plain;
    const key = `${col ?? e.attr}|${e.code}|${detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...e, detail, column: col });
  }
  return out;
}
