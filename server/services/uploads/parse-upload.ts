import { Readable } from "node:stream";
import Papa from "papaparse";
import { unstorableValueErrors } from "../../lib/exact-json";
import { ServiceError } from "../../errors";
import { canonicalCsvColumn, unknownCsvColumns } from "../accounts/account-csv";
import { MAX_LINE_BYTES } from "./upload-limits";

/** One account of the file: its line (JSON Lines) or spreadsheet row (CSV), and what it holds. */
export type UploadedRow = { line: number; record: Record<string, unknown> | null; problem?: string };

function tooLong(line: number): never {
  throw new ServiceError(
    "validation",
    "line_too_long",
    `Line ${line} is longer than ${MAX_LINE_BYTES} bytes; one account per line.`,
    {
      errors: [{ attr: null, code: "line_too_long", detail: `Line ${line} is longer than ${MAX_LINE_BYTES} bytes.` }],
    },
  );
}

/**
 * A record with text no column can hold (a NUL, an unpaired surrogate) is a row that fails with
 * the reason, not a database error that would end the whole upload.
 */
function storable(line: number, record: Record<string, unknown>): UploadedRow {
  const [first] = unstorableValueErrors(record);
  if (!first) return { line, record };
  const at = first.attr;
  return { line, record: null, problem: `${first.detail}${at ? ` (at ${at})` : ""}` };
}

/** JSON Lines, read as it arrives: one account per line, blank lines skipped, numbered as the file's lines. */
export async function* jsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<UploadedRow> {
  const decoder = new TextDecoder("utf-8");
  let carry = "";
  let line = 0;
  const take = (text: string): UploadedRow | null => {
    line += 1;
    const trimmed = text.trim();
    if (!trimmed) return null;
    try {
      const value: unknown = JSON.parse(trimmed);
      if (value && typeof value === "object" && !Array.isArray(value))
        return storable(line, value as Record<string, unknown>);
      return { line, record: null, problem: "This line is not a JSON object (one account per line)." };
    } catch {
      return { line, record: null, problem: "This line is not valid JSON." };
    }
  };
  const reader = body.getReader();
  let started = false;
  for (;;) {
    const { done, value } = await reader.read();
    carry += done ? decoder.decode() : decoder.decode(value, { stream: true });
    // A JSON array (a whole file of accounts in [...]) is refused at once, not failed as one row (issue 39 item 10).
    if (!started && carry.trim()) {
      started = true;
      if (carry.trimStart().startsWith("[")) {
        const detail =
          "This file is a JSON array; upload JSON Lines instead: one account object per line (for example: jq -c '.[]' accounts.json > accounts.jsonl).";
        await reader.cancel().catch(() => {});
        throw new ServiceError("validation", "json_array_not_json_lines", detail, {
          errors: [{ attr: null, code: "json_array_not_json_lines", detail }],
        });
      }
    }
    let nl: number;
    while ((nl = carry.indexOf("\n")) >= 0) {
      const row = take(carry.slice(0, nl));
      carry = carry.slice(nl + 1);
      if (row) yield row;
    }
    if (carry.length > MAX_LINE_BYTES) tooLong(line + 1);
    if (done) break;
  }
  const last = take(carry);
  if (last) yield last;
}

/** How a CSV's header is read: each column's canonical name, and the columns the file may not have. */
export type CsvColumns = { canonical: (header: string) => string; unknown: (columns: string[]) => string[] };
const ACCOUNT_COLUMNS: CsvColumns = { canonical: canonicalCsvColumn, unknown: unknownCsvColumns };

/** A row with no value in any cell: a blank line, or a spreadsheet's row of bare commas. */
const isBlank = (cells: Record<string, unknown>): boolean =>
  Object.values(cells).every(
    (v) =>
      v === undefined ||
      v === null ||
      (typeof v === "string" && v.trim() === "") ||
      (Array.isArray(v) && isBlank({ ...v })),
  );

/**
 * CSV with the documented header, parsed as it arrives; rows numbered as a spreadsheet shows
 * them (header = 1). Blank rows are skipped but still counted, so a bad row's number is the
 * one the operator sees in the spreadsheet (papaparse's own skipping would renumber the rest).
 */
export async function* csvRows(
  body: ReadableStream<Uint8Array>,
  columns: CsvColumns = ACCOUNT_COLUMNS,
): AsyncGenerator<UploadedRow> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: true,
    skipEmptyLines: false,
    // The line ending is guessed from the first chunk; a CRLF file guessed as LF keeps a stray CR on each last cell.
    transformHeader: (h: string) => columns.canonical(h),
    transform: (v: string) => (v.endsWith("\r") ? v.slice(0, -1) : v),
  });
  const input = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
  input.on("error", (err) => parser.destroy(err));
  input.pipe(parser);
  let row = 1;
  let headerChecked = false;
  for await (const cells of parser as AsyncIterable<Record<string, string>>) {
    row += 1;
    if (isBlank(cells)) continue;
    if (!headerChecked) {
      headerChecked = true;
      const unknown = columns.unknown(Object.keys(cells));
      if (unknown.length) {
        throw new ServiceError("validation", "unknown_column", `Unknown column(s): ${unknown.join(", ")}.`, {
          errors: unknown.map((c) => ({ attr: c, code: "unknown_field", detail: `Unknown column '${c}'.` })),
        });
      }
    }
    const extra = (cells as Record<string, unknown>).__parsed_extra;
    if (extra) yield { line: row, record: null, problem: "This row has more cells than the header has columns." };
    else yield storable(row, cells);
  }
}
