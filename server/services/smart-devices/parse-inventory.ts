import Papa from "papaparse";
import { type FieldError, fieldError, ServiceError, zodFieldErrors } from "../../errors";
import { MAX_INVENTORY_DEVICES, SmartDeviceRow } from "./smart-device-schemas";

/**
 * An inventory file's devices: CSV with a header (device_id, device_type, manufacturer, model,
 * firmware_version; any order, any case, blank values left out) or a JSON array of such objects.
 * Every problem is reported at `lines.<n>.<field>` (lines counted from 1, the CSV header being
 * line 1), as the consumption loader reports its own; a device twice is `duplicate_device_id`.
 */
export function parseInventory(format: "csv" | "json", content: string): SmartDeviceRow[] {
  const text = content.replace(/^\uFEFF/, "");
  let records: { line: number; raw: unknown }[];
  if (format === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalid([fieldError([], "parse_error", "The file is not valid JSON.")]);
    }
    if (!Array.isArray(parsed))
      throw invalid([fieldError([], "invalid", "The file must hold a JSON array of devices.")]);
    records = parsed.map((raw, i) => ({ line: i + 1, raw }));
  } else {
    const result = Papa.parse<Record<string, string>>(text, {
      header: true,
      skipEmptyLines: "greedy",
      transformHeader: (h) => h.trim().toLowerCase(),
    });
    records = result.data.map((row, i) => ({
      line: i + 2,
      raw: Object.fromEntries(Object.entries(row).filter(([k, v]) => k !== "" && v !== undefined && v.trim() !== "")),
    }));
  }
  if (!records.length) throw invalid([fieldError([], "empty_file", "The file holds no devices.")]);
  if (records.length > MAX_INVENTORY_DEVICES)
    throw invalid([fieldError([], "too_many_devices", `At most ${MAX_INVENTORY_DEVICES} devices in one file.`)]);
  const errors: FieldError[] = [];
  const rows: SmartDeviceRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, raw } of records) {
    const parsed = SmartDeviceRow.safeParse(raw);
    if (!parsed.success) {
      errors.push(...zodFieldErrors(parsed.error, ["lines", line]));
      continue;
    }
    const first = seen.get(parsed.data.device_id);
    if (first !== undefined)
      errors.push(
        fieldError(
          ["lines", line, "device_id"],
          "duplicate_device_id",
          `Device ${parsed.data.device_id} is also on line ${first}.`,
        ),
      );
    else seen.set(parsed.data.device_id, line);
    rows.push(parsed.data);
  }
  if (errors.length) throw invalid(errors.slice(0, 100));
  return rows;
}

const invalid = (errors: FieldError[]) =>
  new ServiceError("validation", "invalid_inventory_file", "The smart-meter inventory file failed validation.", {
    errors,
  });
