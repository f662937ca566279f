import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Command, Option } from "commander";
import { loadConsumption } from "../../services/consumption/load-consumption";
import type { FileFormat } from "../../services/consumption/parse-consumption-file";
import { CliError } from "../errors";
import { orgCtx, print, table } from "../runtime";

/** By extension, else by the first character that is not white space (`[` is JSON). */
async function formatOf(file: string): Promise<FileFormat> {
  if (/\.csv$/i.test(file)) return "csv";
  if (/\.json$/i.test(file)) return "json";
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    return buffer
      .subarray(0, bytesRead)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart()
      .startsWith("[")
      ? "json"
      : "csv";
  } finally {
    await handle.close();
  }
}

/** `consumption load FILE`: half-hourly interval reads, streamed from the file into one transaction. */
export function consumptionCommand(): Command {
  const cmd = new Command("consumption").description(
    "Half-hourly interval reads (consumption) of the organisation's meters",
  );
  cmd
    .command("load")
    .description(
      "Load interval reads from CSV (header mpxn,serial_number,interval_start,consumption) or a JSON array of such objects; re-loading changes nothing",
    )
    .argument("<file>", "path to the CSV or JSON file")
    .addOption(
      new Option("--format <format>", "csv or json (default: from the extension or the content)").choices([
        "csv",
        "json",
      ]),
    )
    .option("--org <ORG-XXXX>", "organisation number (optional when there is only one)")
    .option("--json", "machine-readable output")
    .action(async (file: string, o: { format?: FileFormat; org?: string; json?: boolean }) => {
      const format = await formatOf(file).catch((e: Error) => {
        throw new CliError("unreadable_file", `${file}: ${e.message}`);
      });
      const ctx = await orgCtx(o.org);
      const stream = createReadStream(file, { encoding: "utf8", highWaterMark: 256 * 1024 });
      const result = await loadConsumption(ctx, {
        chunks: stream as AsyncIterable<string>,
        format: o.format ?? format,
      });
      print(o, result, () =>
        [
          `Loaded ${file}: ${result.rows} interval reads, ${result.changed} new or changed, ${result.events} event(s).`,
          table(result.meters as unknown as Record<string, unknown>[]),
        ].join("\n"),
      );
    });
  return cmd;
}
