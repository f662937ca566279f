import { readFile } from "node:fs/promises";
import { Command, Option } from "commander";
import { loadSmartDeviceInventory } from "../../services/smart-devices/load-smart-device-inventory";
import { CliError } from "../errors";
import { orgCtx, print } from "../runtime";

/** `smart-devices load FILE`: the smart-meter inventory (device id, type, manufacturer, model, firmware), as the smart-metering data service sends it. */
export function smartDevicesCommand(): Command {
  const cmd = new Command("smart-devices").description(
    "The organisation's smart-meter inventory (what GraphQL's smart meter devices answer)",
  );
  cmd
    .command("load")
    .description(
      "Load a CSV (header device_id,device_type,manufacturer,model,firmware_version) or a JSON array of such objects; loading again changes nothing",
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
    .action(async (file: string, o: { format?: "csv" | "json"; org?: string; json?: boolean }) => {
      const content = await readFile(file, "utf8").catch((e: Error) => {
        throw new CliError("unreadable_file", `${file}: ${e.message}`);
      });
      const format =
        o.format ??
        (/\.json$/i.test(file) ||
        content
          .replace(/^\uFEFF/, "")
          .trimStart()
          .startsWith("[")
          ? "json"
          : "csv");
      const ctx = await orgCtx(o.org);
      const result = await loadSmartDeviceInventory(ctx, { format, content, fileName: file });
      print(
        o,
        result,
        () =>
          `Loaded ${file}: ${result.devices} devices, ${result.added} new, ${result.changed} changed, ${result.onMeters} on the organisation's imported meters.`,
      );
    });
  return cmd;
}
