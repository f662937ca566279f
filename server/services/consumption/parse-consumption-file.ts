import { fieldError, type FieldError } from "../../errors";
import { parseLondonDateTime } from "../../lib/time";

export type IntervalRow = { line: number; mpxn: string; serial: string; intervalStart: Date; consumption: string };
export type ParsedLine = { row: IntervalRow } | { errors: FieldError[] };
export type FileFormat = "csv" | "json";

const HALF_HOUR_MS = 1_800_000;
const CONSUMPTION = /^\d{1,10}(?:\.\d{1,6})?$/;
const ALIASES: Record<string, string> = {
  mpxn: "mpxn",
  mpan: "mpxn",
  mprn: "mpxn",
  serial_number: "serial",
  meter_serial_number: "serial",
  serial: "serial",
  interval_start: "interval_start",
  interval_end: "interval_end",
  consumption: "consumption",
};

/** One file row to a typed interval, or every error it has, each at `lines.<n>.<field>`. */
export function parseRow(line: number, raw: Record<string, unknown>): ParsedLine {
  const fields: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  const at = (field: string) => `lines.${line}.${field}`;
  for (const [k, v] of Object.entries(raw)) {
    const name = ALIASES[k.trim().toLowerCase()];
    if (name) fields[name] = typeof v === "string" ? v.trim() : v;
    else errors.push(fieldError(at(k), "unknown_field", `Line ${line}: unknown field '${k}'.`));
  }
  const text = (v: unknown) =>
    typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : "";
  const mpxn = text(fields.mpxn);
  if (!/^(?:\d{13}|\d{6,10})$/.test(mpxn))
    errors.push(
      fieldError(at("mpxn"), "invalid_mpxn", `Line ${line}: mpxn must be a 13-digit MPAN or a 6-10 digit MPRN.`),
    );
  const serial = text(fields.serial);
  if (!serial || serial.length > 64)
    errors.push(
      fieldError(
        at("serial_number"),
        "invalid_serial_number",
        `Line ${line}: serial_number is required (at most 64 characters).`,
      ),
    );
  const start =
    typeof fields.interval_start === "string" ? parseLondonDateTime(fields.interval_start.replace(" ", "T")) : null;
  if (!start)
    errors.push(
      fieldError(
        at("interval_start"),
        "invalid_interval_start",
        `Line ${line}: interval_start must be an ISO 8601 datetime (with an offset, or Europe/London time).`,
      ),
    );
  else if (start.getTime() % HALF_HOUR_MS !== 0)
    errors.push(
      fieldError(
        at("interval_start"),
        "invalid_interval_start",
        `Line ${line}: interval_start must start a half hour (:00 or :30).`,
      ),
    );
  if (fields.interval_end !== undefined && fields.interval_end !== "" && start) {
    const end =
      typeof fields.interval_end === "string" ? parseLondonDateTime(fields.interval_end.replace(" ", "T")) : null;
    if (!end || end.getTime() !== start.getTime() + HALF_HOUR_MS) {
      errors.push(
        fieldError(
          at("interval_end"),
          "invalid_interval_end",
          `Line ${line}: interval_end must be 30 minutes after interval_start (half-hourly reads only).`,
        ),
      );
    }
  }
  const consumption = text(fields.consumption);
  if (!CONSUMPTION.test(consumption))
    errors.push(
      fieldError(
        at("consumption"),
        "invalid_consumption",
        `Line ${line}: consumption must be a number from 0, at most 10 digits before and 6 after the point.`,
      ),
    );
  if (errors.length || !start) return { errors };
  return { row: { line, mpxn, serial, intervalStart: start, consumption } };
}

/** Lines of a text stream, numbered from 1 (CRLF or LF). */
async function* lines(chunks: AsyncIterable<string>): AsyncGenerator<[number, string]> {
  let buf = "";
  let n = 0;
  for await (const chunk of chunks) {
    buf += chunk;
    let i: number;
    while ((i = buf.indexOf("\n")) >= 0) {
      yield [++n, buf.slice(0, i).replace(/\r$/, "")];
      buf = buf.slice(i + 1);
    }
  }
  if (buf) yield [++n, buf.replace(/\r$/, "")];
}

const splitCsv = (s: string) => s.split(",").map((c) => c.trim().replace(/^"(.*)"$/, "$1"));

/** CSV with a header row naming mpxn (or mpan/mprn), serial_number, interval_start, consumption and optionally interval_end. */
export async function* parseCsv(chunks: AsyncIterable<string>): AsyncGenerator<ParsedLine> {
  let header: string[] | null = null;
  for await (const [n, text] of lines(chunks)) {
    if (!text.trim()) continue;
    const cells = splitCsv(n === 1 ? text.replace(/^\uFEFF/, "") : text);
    if (!header) {
      header = cells;
      const named = new Set(header.map((h) => ALIASES[h.toLowerCase()]));
      const missing = ["mpxn", "serial", "interval_start", "consumption"]
        .filter((f) => !named.has(f))
        .map((f) => (f === "serial" ? "serial_number" : f));
      if (missing.length) {
        yield {
          errors: [
            fieldError(
              `lines.${n}`,
              "invalid_header",
              `Line ${n}: the header must name mpxn (or mpan/mprn), serial_number, interval_start and consumption; missing ${missing.join(", ")}.`,
            ),
          ],
        };
        return;
      }
      continue;
    }
    if (cells.length !== header.length) {
      yield {
        errors: [
          fieldError(
            `lines.${n}`,
            "invalid_row",
            `Line ${n}: ${cells.length} values where the header has ${header.length}.`,
          ),
        ],
      };
      continue;
    }
    yield parseRow(n, Object.fromEntries(header.map((h, i) => [h, cells[i]])));
  }
}

/**
 * A JSON array of row objects, read object by object as the text streams in (a 175k-row file
 * is never held whole): a scanner tracks strings and nesting, and each top-level object is
 * parsed alone, reported at the line it starts on.
 */
export async function* parseJsonArray(chunks: AsyncIterable<string>): AsyncGenerator<ParsedLine> {
  let line = 1;
  let started = false;
  let ended = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let obj = "";
  let objLine = 0;
  const bad = (detail: string, at = line): ParsedLine => ({
    errors: [fieldError(`lines.${at}`, "parse_error", `Line ${at}: ${detail}`)],
  });
  for await (const chunk of chunks) {
    for (const ch of chunk) {
      if (ch === "\n") line++;
      if (depth > 0) {
        obj += ch;
        if (inString) {
          if (escaped) escaped = false;
          else if (ch === "\\") escaped = true;
          else if (ch === '"') inString = false;
        } else if (ch === '"') inString = true;
        else if (ch === "{" || ch === "[") depth++;
        else if (ch === "}" || ch === "]") {
          depth--;
          if (depth === 0) {
            let value: unknown;
            try {
              value = JSON.parse(obj);
            } catch (e) {
              yield bad(`not valid JSON (${(e as Error).message}).`, objLine);
              return;
            }
            if (typeof value !== "object" || value === null || Array.isArray(value))
              yield bad("each item must be an object.", objLine);
            else yield parseRow(objLine, value as Record<string, unknown>);
            obj = "";
          }
        }
        continue;
      }
      if (/\s/.test(ch) || (started && ch === ",")) continue;
      if (!started && ch === "[" && !ended) started = true;
      else if (started && ch === "]" && !ended) ended = true;
      else if (started && !ended && ch === "{") {
        depth = 1;
        obj = ch;
        objLine = line;
      } else {
        yield bad(
          started && !ended
            ? "each item must be an object."
            : started
              ? `unexpected '${ch}' after the array.`
              : "the file must be a JSON array of objects.",
        );
        return;
      }
    }
  }
  if (!started || !ended || depth > 0) yield bad("the JSON array is not closed.");
}
