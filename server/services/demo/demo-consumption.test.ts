import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Db, execRows } from "@/db/client";
import { systemCtx } from "@/server/context";
import { listConsumption } from "@/server/services/consumption/list-consumption";
import { useTestDb } from "@/test/db";
import { insertSyntheticConsumption, registerOrgMeters } from "./demo-consumption";
import { loadDemo } from "./load-demo";

const t = useTestDb();
class Rollback extends Error {}

describe("demo consumption", () => {
  it("gives every demo meter 90 days of half-hourly reads ending at the last whole half hour, shaped like a household's", async () => {
    await expect(
      t.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const before = Date.now();
        const demo = await loadDemo(tx, { documentRoot: "file:///tmp/km-demo-docs" });
        const ctx = { ...systemCtx(tx, "test", demo.organisation.id), inTransaction: true };
        const meters = await execRows<{ id: number; fuel: string; mpxn: string; serial_number: string; n: number; last: Date; first: Date }>(
          tx,
          sql`select cm.id, cm.fuel, cm.mpxn, cm.serial_number, count(i.*)::int as n, max(i.interval_start) as last, min(i.interval_start) as first
              from consumption_meters cm join consumption_intervals i on i.meter_id = cm.id
              where cm.organisation_id = ${demo.organisation.id} group by cm.id order by cm.id`,
        );
        // Every meter of every imported demo meter point.
        const [{ n }] = await execRows<{ n: number }>(
          tx,
          sql`select count(distinct (mp.mpxn, m->>'serial_number'))::int as n from meter_points mp cross join jsonb_array_elements(mp.meters) m
              join accounts a on a.id = mp.account_id join import_suppliers s on s.id = a.supplier_id where s.organisation_id = ${demo.organisation.id}`,
        );
        expect(meters.length).toBe(n);
        expect(n).toBeGreaterThanOrEqual(10);
        expect(new Set(meters.map((m) => m.fuel))).toEqual(new Set(["electricity", "gas"]));
        const end = before - (before % 1_800_000);
        for (const m of meters) {
          expect(m.n).toBe(90 * 48);
          expect(new Date(m.last).getTime() + 1_800_000).toBeGreaterThanOrEqual(end);
          expect(new Date(m.last).getTime() + 1_800_000).toBeLessThanOrEqual(Date.now());
        }
        const elec = meters.find((m) => m.fuel === "electricity")!;
        const page = await listConsumption(ctx, { fuel: "electricity", mpxn: elec.mpxn, serial: elec.serial_number, query: { group_by: "hour", page_size: "25000" } });
        expect(page.count).toBeGreaterThanOrEqual(90 * 24);
        const hours = JSON.parse(page.resultsJson) as { consumption: number; interval_start: string }[];
        const meanAt = (hh: string) => {
          const xs = hours.filter((r) => r.interval_start.slice(11, 13) === hh).map((r) => r.consumption);
          return xs.reduce((a, x) => a.plus(x), new Decimal(0)).div(xs.length).toNumber();
        };
        // Evening peak above the morning's, both above the small hours.
        expect(meanAt("18")).toBeGreaterThan(meanAt("07"));
        expect(meanAt("07")).toBeGreaterThan(meanAt("03"));
        // A reload writes the same values: nothing changes.
        const ids = await registerOrgMeters(tx, demo.organisation.id);
        expect(await insertSyntheticConsumption(tx, { meterIds: ids, from: new Date(meters[0].first), to: new Date(new Date(meters[0].last).getTime() + 1_800_000) })).toBe(0);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
  }, 300_000);
});
