import { and, eq, inArray, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { electricityConsumptionHandler as elecConsumption } from "@/server/rest/routes/consumption";
import { gasConsumptionHandler as gasConsumption } from "@/server/rest/routes/consumption";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { accounts, agreements, meterPoints, meterReadings } from "@/db/schema";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { issueCustomerKey } from "@/server/services/customers/issue-customer-key";
import { uniq, useTestDb } from "@/test/db";
import {
  domesticCustomer,
  electricityPoint,
  freshMeterIds,
  fullDomesticAccount,
  gasPoint,
  intervalCsv,
  loadCsv,
  makeOrg,
  makeSupplier,
  supplyAddress,
  TARIFFS,
  type OrgFixture,
} from "@/test/factories";
import { call } from "@/test/http";
import { mergeWindows } from "./supply-windows";

const t = useTestDb();

/**
 * One home, two households (issue 37 item 2): the old occupier's supply ended on 1 June 2026,
 * the new occupier's began on 2 June, on the same MPAN, MPRN, meter serials and smart device.
 */
async function moveOutMoveIn() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  const meters = freshMeterIds();
  const device = `E-${uniq("DEV")}`;
  const serial = `E${meters.mpan.slice(-8)}`;
  const gasSerial = `G${meters.mprn.slice(-8)}`;
  const household = async (name: string, from?: string) => {
    const email = `${uniq(name).toLowerCase()}@example.com`;
    const moveIn = from
      ? { supply_start_date: from, agreements: [{ tariff_code: TARIFFS.single, effective_from: from }] }
      : {};
    const elec = electricityPoint(meters.mpan, moveIn);
    elec.meters = elec.meters!.map((m) => ({ ...m, meter_serial_number: serial, smart_device_id: device }));
    const gas = gasPoint(
      meters.mprn,
      from ? { supply_start_date: from, agreements: [{ tariff_code: TARIFFS.gas, effective_from: from }] } : {},
    );
    gas.meters = gas.meters!.map((m) => ({ ...m, meter_serial_number: gasSerial }));
    const ids = { supplier: supplier.code, external: uniq("EXT"), ...meters };
    await stageAccount(
      org.ctx,
      StageAccountInput.parse(
        fullDomesticAccount(ids, {
          customers: [domesticCustomer({ email })],
          supply_addresses: [supplyAddress([elec, gas])],
        }),
      ),
    ).catch((e) => {
      throw new Error(JSON.stringify(e.errors));
    });
    const { account_number } = await processAccountImport(org.ctx, {
      import_supplier: supplier.code,
      external_account_number: ids.external,
      dry_run: false,
    });
    const [{ id }] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.number, account_number));
    const { key } = await issueCustomerKey(org.ctx, { accountNumber: account_number, email });
    return { number: account_number, id, key };
  };
  const oldHome = await household("old");
  // The old occupier's supply ends with 1 June (as the old supplier's records have it after the
  // change of tenancy); the new occupier's account is then imported from 2 June.
  const points = await t.db
    .select({ id: meterPoints.id })
    .from(meterPoints)
    .where(eq(meterPoints.accountId, oldHome.id));
  await t.db.update(meterPoints).set({ supplyEndDate: "2026-06-01" }).where(eq(meterPoints.accountId, oldHome.id));
  await t.db
    .update(agreements)
    .set({ validTo: new Date("2026-06-01T23:00:00Z") })
    .where(
      and(
        inArray(
          agreements.meterPointId,
          points.map((p) => p.id),
        ),
        isNull(agreements.validTo),
      ),
    );
  const newHome = await household("new", "2026-06-02");
  // Half hours on 31 May - 3 June (BST) and 1 November (GMT).
  await loadCsv(
    org,
    intervalCsv(meters.mpan, serial, "2026-05-30T23:00:00Z", 4 * 48, () => "0.5"),
  );
  await loadCsv(
    org,
    intervalCsv(meters.mpan, serial, "2026-11-01T00:00:00Z", 48, () => "0.25"),
  );
  return { org, meters, serial, gasSerial, device, oldHome, newHome };
}

const consumption = (o: OrgFixture | { key: string }, mpan: string, serial: string, query = "") =>
  call(elecConsumption, `/v1/electricity-meter-points/${mpan}/meters/${serial}/consumption/${query}`, {
    auth: `Token ${"apiKey" in o ? o.apiKey : o.key}`,
    params: { mpan, serial },
  });

describe("a customer reads consumption only for the periods their own accounts were supplied (issue 37 item 2)", () => {
  it("REST half hours, grouped and not: the old occupier up to the end of 1 June, the new one from 2 June", async () => {
    const h = await moveOutMoveIn();
    const starts = (json: { results: { interval_start: string }[] }) => json.results.map((r) => r.interval_start);

    const old = await consumption(h.oldHome, h.meters.mpan, h.serial, "?page_size=1000");
    expect(old.status).toBe(200);
    expect(old.json.count).toBe(96);
    expect(starts(old.json).at(0)).toBe("2026-06-01T23:30:00+01:00");
    expect(starts(old.json).at(-1)).toBe("2026-05-31T00:00:00+01:00");
    // Asking for the new occupier's November explicitly gives nothing, not a 404 of the meter.
    const november = await consumption(
      h.oldHome,
      h.meters.mpan,
      h.serial,
      "?period_from=2026-11-01T00:00:00Z&period_to=2026-11-02T00:00:00Z",
    );
    expect([november.status, november.json.count, november.json.results]).toEqual([200, 0, []]);
    const oldDays = await consumption(h.oldHome, h.meters.mpan, h.serial, "?group_by=day&order_by=period");
    expect(
      oldDays.json.results.map((r: { interval_start: string; consumption: number }) => [
        r.interval_start,
        r.consumption,
      ]),
    ).toEqual([
      ["2026-05-31T00:00:00+01:00", 24],
      ["2026-06-01T00:00:00+01:00", 24],
    ]);
    // A period that starts mid-way through the last supplied day still ends with it.
    const edge = await consumption(
      h.oldHome,
      h.meters.mpan,
      h.serial,
      "?period_from=2026-06-01T22:00:00%2B01:00&period_to=2026-06-02T02:00:00%2B01:00&group_by=hour",
    );
    expect(edge.json.results.map((r: { interval_start: string }) => r.interval_start)).toEqual([
      "2026-06-01T23:00:00+01:00",
      "2026-06-01T22:00:00+01:00",
    ]);

    const fresh = await consumption(h.newHome, h.meters.mpan, h.serial, "?page_size=1000&order_by=period");
    expect(fresh.json.count).toBe(144);
    expect(starts(fresh.json).at(0)).toBe("2026-06-02T00:00:00+01:00");
    const freshDays = await consumption(h.newHome, h.meters.mpan, h.serial, "?group_by=day&order_by=period");
    expect(freshDays.json.results.map((r: { interval_start: string }) => r.interval_start)).toEqual([
      "2026-06-02T00:00:00+01:00",
      "2026-06-03T00:00:00+01:00",
      "2026-11-01T00:00:00Z".replace("Z", "+00:00"),
    ]);
    const months = await consumption(h.newHome, h.meters.mpan, h.serial, "?group_by=month&order_by=period");
    expect(months.json.results.map((r: { consumption: number }) => r.consumption)).toEqual([48, 12]);

    // The organisation's own key reads the meter's whole history.
    expect((await consumption(h.org, h.meters.mpan, h.serial, "?page_size=1")).json.count).toBe(5 * 48);
  });

  it("consumption derived from register reads uses only the customer's own accounts' reads, cut at their supply period", async () => {
    const h = await moveOutMoveIn();
    const points = await t.db
      .select()
      .from(meterPoints)
      .where(and(inArray(meterPoints.accountId, [h.oldHome.id, h.newHome.id]), eq(meterPoints.fuel, "gas")));
    const gasOf = (accountId: number) => points.find((p) => p.accountId === accountId)!.id;
    await t.db.delete(meterReadings).where(
      inArray(
        meterReadings.meterPointId,
        points.map((p) => p.id),
      ),
    );
    const read = (meterPointId: number, readingDate: string, readingValue: string) => ({
      meterPointId,
      meterSerialNumber: h.gasSerial,
      readingDate,
      readingValue,
      readingType: "CUSTOMER",
      source: "history" as const,
    });
    await t.db.insert(meterReadings).values([
      read(gasOf(h.oldHome.id), "2026-05-01", "100"),
      read(gasOf(h.oldHome.id), "2026-07-01", "161"), // read after the move: 61 units over 61 days
      read(gasOf(h.newHome.id), "2026-07-01", "161"),
      read(gasOf(h.newHome.id), "2026-08-01", "193"),
    ]);
    const gas = (who: { key: string }) =>
      call(gasConsumption, `/v1/gas-meter-points/${h.meters.mprn}/meters/${h.gasSerial}/consumption/?order_by=period`, {
        auth: `Token ${who.key}`,
        params: { mprn: h.meters.mprn, serial: h.gasSerial },
      });
    const old = await gas(h.oldHome);
    expect(old.status).toBe(200);
    expect(old.json.results).toEqual([
      { consumption: 32, interval_start: "2026-05-01T00:00:00+01:00", interval_end: "2026-06-02T00:00:00+01:00" },
    ]);
    const fresh = await gas(h.newHome);
    expect(fresh.json.results).toEqual([
      { consumption: 32, interval_start: "2026-07-01T00:00:00+01:00", interval_end: "2026-08-01T00:00:00+01:00" },
    ]);
  });

  it("GraphQL smartMeterTelemetry of the shared device: each household sees only its own half hours", async () => {
    const h = await moveOutMoveIn();
    const telemetry = async (who: { key: string }, start: string, end: string) => {
      const query = `{ smartMeterTelemetry(deviceId: "${h.device}", grouping: HALF_HOURLY, start: "${start}", end: "${end}") { readAt consumptionDelta } }`;
      const res = await call(graphql, "/v1/graphql/", {
        body: { query },
        auth: who.key,
        headers: { "x-forwarded-for": `10.37.${Math.floor(Math.random() * 250)}.2` },
      });
      expect(res.json.errors).toBeUndefined();
      return res.json.data.smartMeterTelemetry as { readAt: string }[];
    };
    expect(await telemetry(h.oldHome, "2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z")).toEqual([]);
    expect(await telemetry(h.newHome, "2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z")).toHaveLength(48);
    const aroundMove = (rows: { readAt: string }[]) => [rows.length, rows[0]?.readAt, rows.at(-1)?.readAt];
    expect(aroundMove(await telemetry(h.oldHome, "2026-05-31T23:00:00Z", "2026-06-02T23:00:00Z"))).toEqual([
      48,
      "2026-05-31T23:00:00Z",
      "2026-06-01T22:30:00Z",
    ]);
    expect(aroundMove(await telemetry(h.newHome, "2026-05-31T23:00:00Z", "2026-06-02T23:00:00Z"))).toEqual([
      48,
      "2026-06-01T23:00:00Z",
      "2026-06-02T22:30:00Z",
    ]);
  });

  it("supply windows merge where they touch or overlap, and an open end stays open", () => {
    expect(
      mergeWindows([
        { fromDay: "2026-06-02", toDay: null },
        { fromDay: "2025-01-01", toDay: "2026-06-02" },
      ]).map((w) => [w.fromDay, w.toDay]),
    ).toEqual([["2025-01-01", null]]);
    expect(
      mergeWindows([
        { fromDay: "2026-01-01", toDay: "2026-02-01" },
        { fromDay: "2025-01-01", toDay: "2025-03-01" },
        { fromDay: "2025-02-01", toDay: "2025-04-01" },
      ]).map((w) => [w.fromDay, w.toDay]),
    ).toEqual([
      ["2025-01-01", "2025-04-01"],
      ["2026-01-01", "2026-02-01"],
    ]);
    expect(mergeWindows([{ fromDay: "2026-06-02", toDay: null }])[0].from?.toISOString()).toBe(
      "2026-06-01T23:00:00.000Z",
    );
  });
});
