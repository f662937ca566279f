import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliIn } from "@/test/cli";
import { uniq, useTestDb } from "@/test/db";

const dir = mkdtempSync(path.join(tmpdir(), "km-cli-consumption-"));
const t = useTestDb();

/** `npm run cli -- ...`, in this process on the file's database (test/cli.ts). */
async function cli(...args: string[]) {
  return cliIn(t.handle, ...args);
}

describe("consumption load (CLI)", () => {
  it("reads CSV and JSON files, and refuses rows for meters the organisation does not have, by line, exit 1", async () => {
    const org = await cli(
      "org",
      "create",
      "--name",
      "Meter Reads Energy",
      "--number",
      `ORG-${uniq("M").slice(-10)}`,
      "--json",
    );
    expect(org.code).toBe(0);
    const o = ["--org", JSON.parse(org.stdout).organisation.number];
    const csv = path.join(dir, "reads.csv");
    writeFileSync(
      csv,
      "mpxn,serial_number,interval_start,consumption\n1200000000011,E1,2026-11-01T00:00:00Z,0.5\n1200000000011,E1,2026-11-01T00:10:00Z,0.5\n",
    );
    const res = await cli("consumption", "load", csv, ...o, "--json");
    expect(res.code).toBe(1);
    const body = JSON.parse(res.stderr);
    expect(body.code).toBe("invalid_consumption_file");
    expect(body.errors.map((e: { attr: string; code: string }) => [e.attr, e.code])).toEqual([
      ["lines.2.serial_number", "unknown_meter"],
      ["lines.3.interval_start", "invalid_interval_start"],
    ]);
    // No extension: the content says JSON.
    const json = path.join(dir, "reads");
    writeFileSync(
      json,
      '[\n  {"mpan": "1200000000011", "serial_number": "E1", "interval_start": "2026-11-01T00:00:00Z", "consumption": "x"}\n]',
    );
    const human = await cli("consumption", "load", json, ...o);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain("lines.2.consumption");
    expect(human.stderr).toContain("Line 2:");
  }, 240_000);
});
