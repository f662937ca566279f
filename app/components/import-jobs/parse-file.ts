import Papa from "papaparse";
import { unknownCsvColumns } from "@/server/services/accounts/account-csv-columns";

export { csvTemplate } from "@/server/services/accounts/account-csv-columns";

export type ParsedFile =
  | { format: "json" | "csv"; records: unknown[]; firstRow: number; rows?: number[] }
  | { error: string };

const isJsonLines = (name: string) => /\.(jsonl|ndjson)$/i.test(name);

/**
 * Reads an uploaded file into records; the server validates each one. CSV rows are numbered
 * as a spreadsheet shows them (header is row 1), JSON Lines by line, a JSON array's accounts from 1.
 */
export function parseAccountsFile(name: string, text: string): ParsedFile {
  if (isJsonLines(name)) return parseJsonLines(text);
  const isJson = /\.json$/i.test(name) || /^\s*[[{]/.test(text);
  if (!isJson) return parseCsv(text);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    // Several objects one per line, in a file not named .jsonl: JSON Lines after all.
    const lines = parseJsonLines(text);
    return "error" in lines || lines.records.length < 2
      ? { error: `The file is not valid JSON: ${(err as Error).message}` }
      : lines;
  }
  const records = Array.isArray(data) ? data : accountsOf(data);
  if (!records.length) return { error: "The file holds no accounts." };
  return { format: "json", records, firstRow: 1 };
}

/** `{"accounts": [...]}`, or one account on its own. */
function accountsOf(data: unknown): unknown[] {
  if (data && typeof data === "object" && Array.isArray((data as { accounts?: unknown }).accounts))
    return (data as { accounts: unknown[] }).accounts;
  return [data];
}

function parseJsonLines(text: string): ParsedFile {
  const records: unknown[] = [];
  const rows: number[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    try {
      records.push(JSON.parse(line));
    } catch (err) {
      return { error: `Line ${i + 1} is not valid JSON: ${(err as Error).message}` };
    }
    rows.push(i + 1);
  }
  if (!records.length) return { error: "The file holds no accounts." };
  return { format: "json", records, firstRow: rows[0], rows };
}

function parseCsv(text: string): ParsedFile {
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const header = parsed.meta.fields ?? [];
  if (!header.includes("external_account_number"))
    return {
      error: "The CSV has no external_account_number column. Download the template to see the expected columns.",
    };
  const unknown = unknownCsvColumns(header);
  if (unknown.length)
    return {
      error: `Unknown column(s): ${unknown.join(", ")}. Rename or remove them; the template lists every column.`,
    };
  const broken = parsed.errors.find((e) => e.type !== "FieldMismatch");
  if (broken) return { error: `The CSV could not be read at row ${(broken.row ?? 0) + 2}: ${broken.message}` };
  if (!parsed.data.length) return { error: "The CSV has a header but no rows." };
  return {
    format: "csv",
    records: parsed.data.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== "__parsed_extra"))),
    firstRow: 2,
  };
}
