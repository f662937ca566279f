import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { listConsumption } from "@/server/services/consumption/list-consumption";
import { makeMeterAccount } from "@/test/factories";
import { useTestDb } from "@/test/db";
import { makeOrg } from "@/test/factories";
import { loadDemoConsumption, topUpDemoConsumption } from "./demo-consumption";

const t = useTestDb();

// On fixture accounts rather than the demo organisation: a second file loading ORG-DEMO would
// wait on load-demo.test.ts's open transaction on a shared PostgreSQL (load-demo.test.ts checks the wiring).
describe("demo consumption", () => {
  it("gives every meter of the organisation 90 whole London days of half-hourly reads through the previous midnight, shaped like a household's", async () => {
    const org = await makeOrg(t.db, "Demo Consumption Energy");
    const a = await makeMeterAccount(org);
    const b = await makeMeterAccount(org);
    const now = new Date("2026-11-25T16:47:12Z");
    const loaded = await loadDemoConsumption(t.db, org.id, { now });
    // 27 August (BST) to 24 November: 90 days, one of them the 50-half-hour autumn change.
    expect(loaded).toMatchObject({
      meters: 4,
      rows: 4 * (90 * 48 + 2),
      to: new Date("2026-11-25T00:00:00Z"),
      from: new Date("2026-08-26T23:00:00Z"),
    });
    const meters = await execRows<{ fuel: string; mpxn: string; n: number; last: Date }>(
      t.db,
      sql`select cm.fuel, cm.mpxn, count(*)::int as n, max(i.interval_start) as last from consumption_meters cm join consumption_intervals i on i.meter_id = cm.id
          where cm.organisation_id = ${org.id} group by cm.id order by cm.id`,
    );
    expect(meters.map((m) => m.mpxn).sort()).toEqual([a.mpan, a.mprn, b.mpan, b.mprn].sort());
    for (const m of meters) {
      expect(m.n).toBe(90 * 48 + 2);
      expect(new Date(m.last).toISOString()).toBe("2026-11-24T23:30:00.000Z");
    }
    const page = await listConsumption(org.ctx, {
      fuel: "electricity",
      mpxn: a.mpan,
      serial: a.elecSerial,
      query: { group_by: "hour", page_size: "25000" },
    });
    const hours = JSON.parse(page.resultsJson) as { consumption: number; interval_start: string }[];
    const meanAt = (hh: string) => {
      const xs = hours.filter((r) => r.interval_start.slice(11, 13) === hh).map((r) => r.consumption);
      return xs
        .reduce((s, x) => s.plus(x), new Decimal(0))
        .div(xs.length)
        .toNumber();
    };
    // Evening peak above the morning's, both above the small hours; November above September.
    expect(meanAt("18")).toBeGreaterThan(meanAt("07"));
    expect(meanAt("07")).toBeGreaterThan(meanAt("03"));
    const months = JSON.parse(
      (
        await listConsumption(org.ctx, {
          fuel: "gas",
          mpxn: a.mprn,
          serial: a.gasSerial,
          query: { group_by: "day", order_by: "period" },
        })
      ).resultsJson,
    );
    expect(months.at(-2).consumption).toBeGreaterThan(months[1].consumption);
    // Loading again writes the same values: nothing changes.
    expect((await loadDemoConsumption(t.db, org.id, { now })).rows).toBe(0);
  }, 300_000);

  it("a long-running demo's daily top-up carries every meter on to now, leaving reads loaded over the demo's alone", async () => {
    const org = await makeOrg(t.db, "Demo Top-up Energy");
    const a = await makeMeterAccount(org);
    await loadDemoConsumption(t.db, org.id, { now: new Date("2026-11-25T16:47:12Z") });
    // An operator's own read inside the demo's window stays as loaded.
    await t.db.execute(sql`update consumption_intervals set consumption = 9.5 where interval_start = '2026-11-24T12:00:00Z'
      and meter_id = (select id from consumption_meters where organisation_id = ${org.id} and mpxn = ${a.mpan})`);
    // A meter registered without reads is not the demo's: it gets none.
    await t.db.execute(
      sql`insert into consumption_meters (organisation_id, fuel, mpxn, serial_number) values (${org.id}, 'electricity', '1200000000099', 'NOT-DEMO')`,
    );

    const later = new Date("2026-11-28T09:05:00Z");
    const topped = await topUpDemoConsumption(t.db, org.id, { now: later });
    // 25, 26 and 27 November, whole, per meter: the 28th comes with the next midnight.
    expect(topped).toMatchObject({ meters: 2, rows: 2 * 3 * 48, to: new Date("2026-11-28T00:00:00Z") });
    expect((await topUpDemoConsumption(t.db, org.id, { now: later })).rows).toBe(0);

    const yesterday = await listConsumption(org.ctx, {
      fuel: "electricity",
      mpxn: a.mpan,
      serial: a.elecSerial,
      query: { group_by: "day", period_from: "2026-11-27T00:00:00", period_to: "2026-11-28T00:00:00" },
    });
    expect(yesterday.count).toBe(1);
    const newest = JSON.parse(
      (await listConsumption(org.ctx, { fuel: "gas", mpxn: a.mprn, serial: a.gasSerial, query: { page_size: "1" } }))
        .resultsJson,
    );
    expect(newest[0].interval_start).toBe("2026-11-27T23:30:00+00:00");
    const own = async () =>
      (
        await execRows<{ c: string }>(
          t.db,
          sql`select consumption::text as c from consumption_intervals i join consumption_meters m on m.id = i.meter_id
        where m.organisation_id = ${org.id} and m.mpxn = ${a.mpan} and i.interval_start = '2026-11-24T12:00:00Z'`,
        )
      )[0].c;
    expect(await own()).toBe("9.500000");
    // The topped-up values are the ones a fresh demo load at that moment writes: on the two demo meters
    // only the operator's read differs (a full load also fills the read-less meter the top-up left alone).
    expect((await loadDemoConsumption(t.db, org.id, { now: later })).rows).toBe(1 + 90 * 48 + 2);
  }, 300_000);

  it("answers the Home Assistant integration's consumption?page_size=52 with the latest whole London day in it", async () => {
    const org = await makeOrg(t.db, "Demo Latest Day Energy");
    const a = await makeMeterAccount(org);
    await loadDemoConsumption(t.db, org.id, { now: new Date("2026-11-25T16:47:12Z") });
    for (const [fuel, mpxn, serial] of [
      ["electricity", a.mpan, a.elecSerial],
      ["gas", a.mprn, a.gasSerial],
    ] as const) {
      const page = JSON.parse(
        (await listConsumption(org.ctx, { fuel, mpxn, serial, query: { page_size: "52" } })).resultsJson,
      ) as { interval_start: string }[];
      // The integration's get_latest_day: oldest first, split by London day, the last run of 48.
      const days = new Map<string, number>();
      for (const r of [...page].reverse())
        days.set(r.interval_start.slice(0, 10), (days.get(r.interval_start.slice(0, 10)) ?? 0) + 1);
      expect(
        [...days]
          .filter(([, n]) => n === 48)
          .map(([d]) => d)
          .at(-1),
        fuel,
      ).toBe("2026-11-24");
    }
  }, 300_000);
});
