import Papa from "papaparse";
import { ACCOUNT_CSV_COLUMNS, unknownCsvColumns } from "@/server/services/console/account-csv";

export type ParsedFile = { format: "json" | "csv"; records: unknown[]; firstRow: number } | { error: string };

/**
 * Reads an uploaded file into records; the server validates each one. CSV rows are numbered
 * as a spreadsheet shows them (header is row 1), JSON accounts from 1.
 */
export function parseAccountsFile(name: string, text: string): ParsedFile {
  const isJson = /\.json$/i.test(name) || /^\s*[[{]/.test(text);
  if (isJson) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      return { error: `The file is not valid JSON: ${(err as Error).message}` };
    }
    const records = Array.isArray(data) ? data : data && typeof data === "object" && Array.isArray((data as { accounts?: unknown }).accounts) ? (data as { accounts: unknown[] }).accounts : null;
    if (!records) return { error: 'A JSON file must hold an array of accounts, or {"accounts": [...]}.' };
    if (!records.length) return { error: "The file holds no accounts." };
    return { format: "json", records, firstRow: 1 };
  }
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim().toLowerCase() });
  const header = parsed.meta.fields ?? [];
  if (!header.includes("external_account_number")) return { error: "The CSV has no external_account_number column. Download the template to see the expected columns." };
  const unknown = unknownCsvColumns(header);
  if (unknown.length) return { error: `Unknown column(s): ${unknown.join(", ")}. Rename or remove them; the template lists every column.` };
  const broken = parsed.errors.find((e) => e.type !== "FieldMismatch");
  if (broken) return { error: `The CSV could not be read at row ${(broken.row ?? 0) + 2}: ${broken.message}` };
  if (!parsed.data.length) return { error: "The CSV has a header but no rows." };
  return { format: "csv", records: parsed.data.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== "__parsed_extra"))), firstRow: 2 };
}

export function csvTemplate(): string {
  return `${ACCOUNT_CSV_COLUMNS.map((c) => c.name).join(",")}\n`;
}
