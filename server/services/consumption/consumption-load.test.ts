import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { electricityConsumptionHandler as elecConsumption } from "@/server/rest/routes/consumption";
import { gasConsumptionHandler as gasConsumption } from "@/server/rest/routes/consumption";
import { execRows } from "@/db/client";
import { ServiceError } from "@/server/errors";
import { useTestDb } from "@/test/db";
import { type OrgFixture, makeOrg, makeUser } from "@/test/factories";
import { call } from "@/test/http";
import { loadConsumption } from "./load-consumption";
import { chunksOf, intervalCsv, loadCsv, makeMeterAccount, mpanOf, sum } from "@/test/factories";

const t = useTestDb();
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
let org: OrgFixture;
let other: OrgFixture;

beforeAll(async () => {
  org = await makeOrg(t.db, "Loader Energy");
  other = await makeOrg(t.db, "Not The Loader Energy");
}, 60_000);

const events = (mpan: string) =>
  execRows<{ payload: { mpan: string; rebill_from: string }; account_number: string }>(
    t.db,
    sql`select payload, account_number from events where type = 'actual.intervals.received' and payload->>'mpan' = ${mpan} order by seq`,
  );

async function loadError(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

describe("consumption load", () => {
  it("loads CSV idempotently: a second load changes nothing and emits nothing; a changed value emits rebill_from its date", async () => {
    const m = await makeMeterAccount(org);
    const csv = intervalCsv(m.mpan, m.elecSerial, "2026-03-28T00:00:00Z", 96, () => "0.25");
    const first = await loadCsv(org, csv);
    expect(first).toMatchObject({ rows: 96, changed: 96, events: 1 });
    expect(first.meters).toEqual([
      {
        fuel: "electricity",
        mpxn: m.mpan,
        serial_number: m.elecSerial,
        rows: 96,
        changed: 96,
        first_interval: "2026-03-28T00:00:00.000Z",
        last_interval: "2026-03-29T23:30:00.000Z",
      },
    ]);
    expect(await loadCsv(org, csv)).toMatchObject({ rows: 96, changed: 0, events: 0 });
    const changed = csv.replace(
      `${m.mpan},${m.elecSerial},2026-03-29T12:00:00.000Z,0.25`,
      `${m.mpan},${m.elecSerial},2026-03-29T12:00:00.000Z,1.25`,
    );
    expect(await loadCsv(org, changed)).toMatchObject({ changed: 1, events: 1 });
    expect((await events(m.mpan)).map((e) => [e.payload, e.account_number])).toEqual([
      [{ mpan: m.mpan, rebill_from: "2026-03-28" }, m.accountNumber],
      [{ mpan: m.mpan, rebill_from: "2026-03-29" }, m.accountNumber],
    ]);
    // The day totals follow the change: 23 hours on the spring clock-change day (46 intervals).
    const days = await call(elecConsumption, "/x?group_by=day&order_by=period", {
      params: { mpan: m.mpan, serial: m.elecSerial },
      auth: basic(org.apiKey),
    });
    expect(days.json.results).toEqual([
      { consumption: 12, interval_start: "2026-03-28T00:00:00+00:00", interval_end: "2026-03-29T00:00:00+00:00" },
      { consumption: 12.5, interval_start: "2026-03-29T00:00:00+00:00", interval_end: "2026-03-30T00:00:00+01:00" },
      { consumption: 0.5, interval_start: "2026-03-30T00:00:00+01:00", interval_end: "2026-03-31T00:00:00+01:00" },
    ]);
  });

  it("loads a JSON array of rows (mpan/mprn names, London wall time, interval_end) and emits nothing for gas", async () => {
    const m = await makeMeterAccount(org);
    const json =
      `[\n  {"mpan": "${m.mpan}", "serial_number": "${m.elecSerial}", "interval_start": "2026-07-01T00:00:00", "interval_end": "2026-07-01T00:30:00+01:00", "consumption": 0.5},\n` +
      `  {"mprn": "${m.mprn}", "meter_serial_number": "${m.gasSerial}", "interval_start": "2026-07-01T00:00:00+01:00", "consumption": "1.125"}\n]\n`;
    const res = await loadConsumption(org.ctx, { chunks: chunksOf(json), format: "json" });
    expect(res).toMatchObject({ rows: 2, changed: 2, events: 1 });
    const gas = await call(gasConsumption, "/x", {
      params: { mprn: m.mprn, serial: m.gasSerial },
      auth: basic(org.apiKey),
    });
    expect(gas.json.results).toEqual([
      { consumption: 1.125, interval_start: "2026-07-01T00:00:00+01:00", interval_end: "2026-07-01T00:30:00+01:00" },
    ]);
  });

  it("refuses a file with errors, each at its line, and keeps nothing", async () => {
    const m = await makeMeterAccount(org);
    const foreign = await makeMeterAccount(other);
    const csv = [
      "mpxn,serial_number,interval_start,consumption",
      `${m.mpan},${m.elecSerial},2026-05-01T00:00:00Z,0.5`,
      `${m.mpan},${m.elecSerial},2026-05-01T00:30:00Z,lots`,
      `${m.mpan},${m.elecSerial},2026-05-01T00:15:00Z,0.5`,
      `${foreign.mpan},${foreign.elecSerial},2026-05-01T00:00:00Z,0.5`,
      `${m.mpan},${m.elecSerial}`,
      `${m.mpan},${m.elecSerial},2026-05-01T01:00:00Z,-1`,
    ].join("\n");
    const err = await loadError(loadCsv(org, csv));
    expect(err.code).toBe("invalid_consumption_file");
    expect(err.errors.map((e) => [e.attr, e.code])).toEqual([
      ["lines.3.consumption", "invalid_consumption"],
      ["lines.4.interval_start", "invalid_interval_start"],
      ["lines.5.serial_number", "unknown_meter"],
      ["lines.6", "invalid_row"],
      ["lines.7.consumption", "invalid_consumption"],
    ]);
    expect(err.errors[0].detail).toContain("Line 3");
    const [{ n }] = await execRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from consumption_intervals i join consumption_meters cm on cm.id = i.meter_id where cm.mpxn = ${m.mpan}`,
    );
    expect(n).toBe(0);
    expect(await events(m.mpan)).toEqual([]);
  });

  it("reports a bad header, broken JSON and an empty file", async () => {
    expect((await loadError(loadCsv(org, "mpan,when,kwh\n1,2,3\n"))).errors).toEqual([
      {
        attr: "lines.1",
        code: "invalid_header",
        detail: expect.stringContaining("missing serial_number, interval_start, consumption"),
      },
    ]);
    const broken = await loadError(
      loadConsumption(org.ctx, { chunks: chunksOf('[\n{"mpan": "1"},\n{"mpan": \n'), format: "json" }),
    );
    expect(broken.errors.map((e) => e.attr)).toEqual([
      "lines.2.mpxn",
      "lines.2.serial_number",
      "lines.2.interval_start",
      "lines.2.consumption",
      "lines.4",
    ]);
    expect((await loadError(loadConsumption(org.ctx, { chunks: chunksOf("{}"), format: "json" }))).errors[0].code).toBe(
      "parse_error",
    );
    expect((await loadError(loadCsv(org, "mpxn,serial_number,interval_start,consumption\n"))).errors[0].code).toBe(
      "empty_file",
    );
  });

  it("is for operators: a support user may not load", async () => {
    const support = await makeUser(org, "support");
    const ctx = {
      ...org.ctx,
      actor: {
        kind: "user" as const,
        organisationId: org.id,
        userId: support.id,
        role: "support" as const,
        email: support.email,
      },
    };
    expect((await loadError(loadConsumption(ctx, { chunks: chunksOf(""), format: "csv" }))).code).toBe("forbidden");
  });
});

describe("consumption derived from register reads (no interval data)", () => {
  type MeterAccount = Awaited<ReturnType<typeof makeMeterAccount>>;
  // With the fixture's transfer reading (2026-10-31, 12345): 300 kWh over August–September, 345 over 30 Sep – 31 Oct.
  const readMeters = () =>
    makeMeterAccount(org, {
      mpan: mpanOf("12"),
      readings: [
        { reading_date: "2026-08-31", reading_value: "11700" },
        { reading_date: "2026-09-30", reading_value: "12000" },
      ],
      gasReadings: [
        { reading_date: "2026-06-01", reading_value: "100" },
        { reading_date: "2026-07-01", reading_value: "150" },
      ],
    });
  const getFor = (meters: MeterAccount, q: string) =>
    call(elecConsumption, `/x${q}`, {
      params: { mpan: meters.mpan, serial: meters.elecSerial },
      auth: basic(org.apiKey),
    });
  // Read by the tests that only read; the one that adds interval data has meters of its own.
  let m: MeterAccount;
  const get = (q: string) => getFor(m, q);
  beforeAll(async () => {
    m = await readMeters();
  });

  it("lists one result per pair of consecutive reads, from read date to read date at London midnight", async () => {
    const res = await get("");
    expect(res.json).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        { consumption: 345, interval_start: "2026-09-30T00:00:00+01:00", interval_end: "2026-10-31T00:00:00+00:00" },
        { consumption: 300, interval_start: "2026-08-31T00:00:00+01:00", interval_end: "2026-09-30T00:00:00+01:00" },
      ],
    });
  });

  it("spreads each segment over the groups in proportion to time (a 745-hour segment across the clock change)", async () => {
    const share = (units: number, hours: number, of: number) =>
      new Decimal(units).times(hours).div(of).toDecimalPlaces(6).toNumber();
    const res = await get("?group_by=month&order_by=period");
    expect(res.json.results).toEqual([
      {
        consumption: share(300, 24, 720),
        interval_start: "2026-08-01T00:00:00+01:00",
        interval_end: "2026-09-01T00:00:00+01:00",
      },
      {
        consumption: sum([share(300, 696, 720), share(345, 24, 745)]),
        interval_start: "2026-09-01T00:00:00+01:00",
        interval_end: "2026-10-01T00:00:00+01:00",
      },
      {
        consumption: share(345, 721, 745),
        interval_start: "2026-10-01T00:00:00+01:00",
        interval_end: "2026-11-01T00:00:00+00:00",
      },
    ]);
    const days = await get("?group_by=day&page_size=25000");
    expect(days.json.count).toBe(61);
    expect(days.json.results.find((r: any) => r.interval_start === "2026-10-25T00:00:00+01:00").consumption).toBe(
      share(345, 25, 745),
    );
  });

  it("cuts segments at period_from and period_to", async () => {
    const res = await get("?period_from=2026-09-15T00:00:00&period_to=2026-10-05T00:00:00");
    expect(res.json.results).toEqual([
      {
        consumption: new Decimal(345).times(120).div(745).toDecimalPlaces(6).toNumber(),
        interval_start: "2026-09-30T00:00:00+01:00",
        interval_end: "2026-10-05T00:00:00+01:00",
      },
      { consumption: 150, interval_start: "2026-09-15T00:00:00+01:00", interval_end: "2026-09-30T00:00:00+01:00" },
    ]);
  });

  it("derives gas the same way, and interval reads take over once a meter has them", async () => {
    const own = await readMeters();
    const gas = await call(gasConsumption, "/x", {
      params: { mprn: own.mprn, serial: own.gasSerial },
      auth: basic(org.apiKey),
    });
    expect(gas.json.results).toEqual([
      { consumption: 50, interval_start: "2026-06-01T00:00:00+01:00", interval_end: "2026-07-01T00:00:00+01:00" },
    ]);
    await loadCsv(
      org,
      intervalCsv(own.mpan, own.elecSerial, "2026-09-01T00:00:00Z", 2, () => "0.5"),
    );
    expect((await getFor(own, "")).json.results).toEqual([
      { consumption: 0.5, interval_start: "2026-09-01T01:30:00+01:00", interval_end: "2026-09-01T02:00:00+01:00" },
      { consumption: 0.5, interval_start: "2026-09-01T01:00:00+01:00", interval_end: "2026-09-01T01:30:00+01:00" },
    ]);
  });
});
