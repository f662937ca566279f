import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliIn } from "@/test/cli";
import { uniq, useTestDb } from "@/test/db";

const dir = mkdtempSync(path.join(tmpdir(), "km-cli-smart-devices-"));
const t = useTestDb();

const cli = (...args: string[]) => cliIn(t.handle, ...args);

describe("smart-devices load (CLI)", () => {
  it("loads a CSV or JSON inventory, changes nothing when loaded again, and refuses a bad line by its number, exit 1", async () => {
    const org = await cli(
      "org",
      "create",
      "--name",
      "Inventory Energy",
      "--number",
      `ORG-${uniq("S").slice(-10)}`,
      "--json",
    );
    expect(org.code).toBe(0);
    const o = ["--org", JSON.parse(org.stdout).organisation.number];
    const csv = path.join(dir, "inventory.csv");
    writeFileSync(
      csv,
      "Device_ID,device_type,manufacturer,model,firmware_version\n00-1B-E7-0E-00-00-00-01,ESME,Landis+Gyr,E470,4.3.1\n00-1B-E7-06-00-00-00-01,GSME,Itron,Gallus G4,1.2.0\n",
    );
    const first = await cli("smart-devices", "load", csv, ...o, "--json");
    expect([first.code, JSON.parse(first.stdout)]).toEqual([0, { devices: 2, added: 2, changed: 0, onMeters: 0 }]);
    const again = await cli("smart-devices", "load", csv, ...o);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("2 devices, 0 new, 0 changed");
    const bad = path.join(dir, "inventory");
    writeFileSync(
      bad,
      JSON.stringify([
        { device_id: "X", manufacturer: "A", model: "B", firmware_version: "1" },
        { device_id: "X", device_type: "HCALCS", manufacturer: "A", model: "B", firmware_version: "1" },
      ]),
    );
    const refused = await cli("smart-devices", "load", bad, ...o, "--json");
    expect(refused.code).toBe(1);
    const body = JSON.parse(refused.stderr);
    expect([body.code, body.errors.map((e: { attr: string; code: string }) => [e.attr, e.code])]).toEqual([
      "invalid_inventory_file",
      [["lines.2.device_type", "invalid_choice"]],
    ]);
  }, 240_000);
});
