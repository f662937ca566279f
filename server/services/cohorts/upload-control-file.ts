import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { cohorts } from "@/db/schema";
import { type Ctx, actorLabel, organisationOf, requireWriter, withTransaction } from "../../context";
import { type FieldError, ServiceError, parseOrThrow } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { csvRows, jsonLines } from "../uploads/parse-upload";
import { MAX_UPLOAD_ROWS } from "../uploads/upload-limits";
import { utf8Checked } from "../uploads/utf8-checked";
import { CONTROL_COLUMNS } from "./control-columns";
import { type ControlRow, parseControlRecord } from "./control-row";
import { findCohort } from "./find-cohort";
import { assertOpen } from "./lifecycle";
import { CohortId } from "./schemas";

export const UploadControlFileInput = z.strictObject({
  id: CohortId,
  format: z.enum(["csv", "jsonl"]),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\p{Cc}]*$/u, "A file name may not contain control characters."),
});
export type UploadControlFileInput = z.input<typeof UploadControlFileInput>;

/** Errors listed at most; the detail says how many there were. */
const MAX_ERRORS = 200;
const INSERT_BATCH = 2000;
const KNOWN = new Set<string>(CONTROL_COLUMNS.map((c) => c.name));
const CONTROL_CSV = { canonical: (h: string) => h.trim().toLowerCase(), unknown: () => [] };

/**
 * Replaces the cohort's control file (ADR 0417): the whole file is read and checked first; a file
 * with any bad row is refused with every row/column error (`lines.<n>.<column>`) and nothing is
 * stored; a good one replaces the previous one in one transaction.
 */
export async function uploadControlFile(ctx: Ctx, raw: UploadControlFileInput, body: ReadableStream<Uint8Array>) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(UploadControlFileInput, raw);
  assertOpen(await findCohort(ctx.db, organisationId, input.id));
  const rows: ControlRow[] = [];
  const errors: FieldError[] = [];
  let bad = 0;
  const seen = new Map<string, number>();
  const columns = new Set<string>();
  const bytes = utf8Checked(body);
  for await (const r of input.format === "csv" ? csvRows(bytes, CONTROL_CSV) : jsonLines(bytes)) {
    if (rows.length + bad >= MAX_UPLOAD_ROWS)
      throw new ServiceError(
        "validation",
        "too_many_rows",
        `A control file holds at most ${MAX_UPLOAD_ROWS.toLocaleString("en-GB")} accounts.`,
      );
    const problems: FieldError[] = [];
    let row: ControlRow | null = null;
    if (!r.record)
      problems.push({ attr: `lines.${r.line}`, code: "parse_error", detail: `Line ${r.line}: ${r.problem}` });
    else {
      for (const k of Object.keys(r.record)) columns.add(k);
      const parsed = parseControlRecord(input.format, r.line, r.record);
      row = parsed.row;
      problems.push(...parsed.errors);
      const ext = r.record.external_account_number;
      const external = typeof ext === "string" ? ext.trim() : typeof ext === "number" ? String(ext) : "";
      if (external) {
        const first = seen.get(external);
        if (first !== undefined)
          problems.push({
            attr: `lines.${r.line}.external_account_number`,
            code: "duplicate_account",
            detail: `Line ${r.line}, external_account_number: ${external} is already on line ${first}.`,
          });
        else seen.set(external, r.line);
      }
    }
    if (problems.length) {
      bad += 1;
      if (errors.length < MAX_ERRORS) errors.push(...problems.slice(0, MAX_ERRORS - errors.length));
    } else if (row) rows.push(row);
  }
  if (bad) {
    throw new ServiceError(
      "validation",
      "invalid_control_file",
      `${bad.toLocaleString("en-GB")} row(s) of the control file are invalid; nothing was stored. Fix them and upload the whole file again.`,
      { errors },
    );
  }
  if (!rows.length) throw new ServiceError("validation", "empty_file", "The control file holds no accounts.");
  const extraColumns = [...columns].filter((c) => !KNOWN.has(c) && c !== "" && c !== "__parsed_extra").sort();
  return withTransaction(ctx, async (tx, txCtx) => {
    const cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    assertOpen(cohort);
    await tx.execute(sql`delete from cohort_control_rows where cohort_id = ${cohort.id}`);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const batch = rows.slice(i, i + INSERT_BATCH).map((r) => ({
        e: r.externalAccountNumber,
        l: r.line,
        c: r.checks,
        b: r.closingBalancePence,
        m: r.meterPoints,
        p: r.paymentReference,
        s: r.statementCount,
        r: r.lastReadings,
        x: r.extra,
      }));
      await tx.execute(sql`
        insert into cohort_control_rows (cohort_id, external_account_number, line, checks, closing_balance_pence, meter_points, payment_reference, statement_count, last_readings, extra)
        select ${cohort.id}, d.e, d.l, array(select jsonb_array_elements_text(d.c)), d.b, nullif(d.m, 'null'::jsonb), d.p, d.s, nullif(d.r, 'null'::jsonb), d.x
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as d(e text, l int, c jsonb, b bigint, m jsonb, p text, s int, r jsonb, x jsonb)`);
    }
    await tx
      .update(cohorts)
      .set({
        controlFileName: input.fileName,
        controlFileRows: rows.length,
        controlExtraColumns: extraColumns,
        controlUploadedBy: actorLabel(ctx.actor),
        controlUploadedAt: sql`now()`,
        inputsChangedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(cohorts.id, cohort.id));
    await recordAudit(tx, txCtx, {
      action: "cohort.control_file_uploaded",
      entityType: "cohort",
      entityId: String(cohort.id),
      details: { fileName: input.fileName, format: input.format, rows: rows.length, extraColumns },
    });
    return { rows: rows.length, extraColumns };
  });
}
