import { beforeAll, describe, expect, it } from "vitest";
import { electricityConsumptionHandler as elecConsumption } from "@/server/rest/routes/consumption";
import { electricityMeterPointHandler as meterPointRoute } from "@/server/rest/routes/consumption";
import { gasConsumptionHandler as gasConsumption } from "@/server/rest/routes/consumption";
import { signAccessToken } from "@/server/auth/tokens";
import { useTestDb } from "@/test/db";
import { type OrgFixture, makeOrg } from "@/test/factories";
import { call } from "@/test/http";
import { ConsumptionPage, ElectricityMeterPoint } from "./consumption-schemas";
import { intervalCsv, loadCsv, makeMeterAccount, mpanOf, sum } from "@/test/factories";

const t = useTestDb();
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

let org: OrgFixture;
let other: OrgFixture;
let token: string;
let meter: Awaited<ReturnType<typeof makeMeterAccount>>;

// 2026-10-24 00:00 BST to 2026-10-27 00:00 GMT: 48 + 50 (clocks go back on the 25th) + 48 half hours.
const FIRST = "2026-10-23T23:00:00Z";
const COUNT = 146;
const value = (i: number) => (0.1 + (i % 10) * 0.01).toFixed(3);
const ALL = Array.from({ length: COUNT }, (_, i) => value(i));

/** The spec's consumption fields and types, exactly (platform-facts: meter points and consumption). */
const LONDON_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[01]:00$/;
function checkConsumptionPage(body: any) {
  expect(Object.keys(body)).toEqual(["count", "next", "previous", "results"]);
  expect(Number.isInteger(body.count)).toBe(true);
  for (const k of ["next", "previous"])
    if (body[k] !== null) expect(body[k]).toMatch(/^http:\/\/localhost:3000\/v1\/(electricity|gas)-meter-points\//);
  for (const r of body.results) {
    expect(Object.keys(r)).toEqual(["consumption", "interval_start", "interval_end"]);
    expect(typeof r.consumption).toBe("number");
    expect(r.interval_start).toMatch(LONDON_OFFSET);
    expect(r.interval_end).toMatch(LONDON_OFFSET);
    expect(Date.parse(r.interval_end)).toBeGreaterThan(Date.parse(r.interval_start));
  }
  expect(ConsumptionPage.parse(body)).toEqual(body);
}

const elecUrl = (m = meter, q = "") => `/v1/electricity-meter-points/${m.mpan}/meters/${m.elecSerial}/consumption/${q}`;
const getElec = (q = "", auth: string | null = basic(org.apiKey), m = meter) =>
  call(elecConsumption, elecUrl(m, q), { params: { mpan: m.mpan, serial: m.elecSerial }, auth });
const getGas = (q = "", auth: string | null = basic(org.apiKey), m = meter) =>
  call(gasConsumption, `/v1/gas-meter-points/${m.mprn}/meters/${m.gasSerial}/consumption/${q}`, {
    params: { mprn: m.mprn, serial: m.gasSerial },
    auth,
  });

/** Follows `next` from the first page to the end, checking every page. */
async function walk(
  first: Awaited<ReturnType<typeof getElec>>,
  handler = elecConsumption,
  params = { mpan: meter.mpan, serial: meter.elecSerial },
) {
  const pages = [first];
  let res = first;
  while (res.json.next) {
    const url = new URL(res.json.next);
    res = await call(handler, url.pathname + url.search, { params, auth: basic(org.apiKey) });
    expect(res.status).toBe(200);
    checkConsumptionPage(res.json);
    pages.push(res);
  }
  return pages;
}

beforeAll(async () => {
  org = await makeOrg(t.db, "Consumption Energy");
  other = await makeOrg(t.db, "Other Consumption Energy");
  token = (
    await signAccessToken(t.db, { organisationId: org.id, organisationNumber: org.number, apiKeyId: org.apiKeyId })
  ).token;
  meter = await makeMeterAccount(org, { mpan: mpanOf("12") });
  await loadCsv(org, intervalCsv(meter.mpan, meter.elecSerial, FIRST, COUNT, value));
  await loadCsv(org, intervalCsv(meter.mprn, meter.gasSerial, FIRST, COUNT, value));
}, 180_000);

describe("GET /v1/electricity-meter-points/<mpan>/", () => {
  const get = (mpan: string, auth: string | null = basic(org.apiKey)) =>
    call(meterPointRoute, `/v1/electricity-meter-points/${mpan}/`, { params: { mpan }, auth });

  it("answers production's three fields, the GSP group from the distributor id", async () => {
    const res = await get(meter.mpan);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ gsp: "_C", mpan: meter.mpan, profile_class: 1 });
    expect(Object.keys(res.json)).toEqual(["gsp", "mpan", "profile_class"]);
    expect(ElectricityMeterPoint.parse(res.json)).toEqual(res.json);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("maps every distributor id of the table", async () => {
    const table: Record<string, string> = {
      "10": "_A",
      "11": "_B",
      "13": "_D",
      "14": "_E",
      "15": "_F",
      "16": "_G",
      "17": "_P",
      "18": "_N",
      "19": "_J",
      "20": "_H",
      "21": "_K",
      "22": "_L",
      "23": "_M",
    };
    for (const [id, gsp] of Object.entries(table)) {
      const m = await makeMeterAccount(org, { mpan: mpanOf(id) });
      expect((await get(m.mpan)).json.gsp, id).toBe(gsp);
    }
  });

  it("takes the region of the current agreement's tariff for a distributor outside the table", async () => {
    const m = await makeMeterAccount(org, { mpan: mpanOf("27") });
    expect((await get(m.mpan)).json).toEqual({ gsp: "_C", mpan: m.mpan, profile_class: 1 });
  });

  it("is 401 without credentials, 200 with a token or the key, 404 for another organisation's or an unknown MPAN", async () => {
    const none = await get(meter.mpan, null);
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ detail: expect.any(String), code: "authentication_required", errors: [] });
    for (const auth of [`Token ${token}`, `JWT ${token}`, token, `Token ${org.apiKey}`])
      expect((await get(meter.mpan, auth)).status).toBe(200);
    const foreign = await get(meter.mpan, basic(other.apiKey));
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ detail: expect.any(String), code: "meter_point_not_found", errors: [] });
    expect((await get(mpanOf("12"))).json.code).toBe("meter_point_not_found");
  });
});

describe("consumption of a meter with interval reads", () => {
  it("pages newest first by default with production's page wrapper, and `next` leads to the end", async () => {
    const first = await getElec("?page_size=50");
    expect(first.status).toBe(200);
    checkConsumptionPage(first.json);
    expect(first.json.count).toBe(COUNT);
    expect(first.json.previous).toBeNull();
    const pages = await walk(first);
    expect(pages.map((p) => p.json.results.length)).toEqual([50, 50, 46]);
    expect(pages[1].json.previous).toBe(`http://localhost:3000${elecUrl(meter, "?page_size=50")}`);
    const results = pages.flatMap((p) => p.json.results);
    expect(results[0]).toEqual({
      consumption: Number(ALL[COUNT - 1]),
      interval_start: "2026-10-26T23:30:00+00:00",
      interval_end: "2026-10-27T00:00:00+00:00",
    });
    expect(results.at(-1)).toEqual({
      consumption: 0.1,
      interval_start: "2026-10-24T00:00:00+01:00",
      interval_end: "2026-10-24T00:30:00+01:00",
    });
    expect(results.map((r: any) => r.consumption)).toEqual([...ALL].reverse().map(Number));
  });

  it("orders oldest first with order_by=period, and shows the repeated hour twice with its two offsets", async () => {
    const res = await getElec(
      "?order_by=period&period_from=2026-10-25T00:00:00%2B01:00&period_to=2026-10-25T02:00:00Z",
    );
    expect(res.json.count).toBe(6);
    expect(res.json.results.map((r: any) => [r.interval_start, r.interval_end])).toEqual([
      ["2026-10-25T00:00:00+01:00", "2026-10-25T00:30:00+01:00"],
      ["2026-10-25T00:30:00+01:00", "2026-10-25T01:00:00+01:00"],
      ["2026-10-25T01:00:00+01:00", "2026-10-25T01:30:00+01:00"],
      ["2026-10-25T01:30:00+01:00", "2026-10-25T01:00:00+00:00"],
      ["2026-10-25T01:00:00+00:00", "2026-10-25T01:30:00+00:00"],
      ["2026-10-25T01:30:00+00:00", "2026-10-25T02:00:00+00:00"],
    ]);
  });

  it("reads period_from as inclusive and period_to as exclusive, London time when no offset is given", async () => {
    const res = await getElec("?period_from=2026-10-24T10:00:00&period_to=2026-10-24T11:00:00&order_by=period");
    expect(res.json.results.map((r: any) => r.interval_start)).toEqual([
      "2026-10-24T10:00:00+01:00",
      "2026-10-24T10:30:00+01:00",
    ]);
    expect((await getElec("?period_from=2030-01-01T00:00:00Z")).json).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it("groups by day: 48, 50 and 48 intervals, London midnight to midnight", async () => {
    const res = await getElec("?group_by=day&order_by=period");
    checkConsumptionPage(res.json);
    expect(res.json.count).toBe(3);
    expect(res.json.results).toEqual([
      {
        consumption: sum(ALL.slice(0, 48)),
        interval_start: "2026-10-24T00:00:00+01:00",
        interval_end: "2026-10-25T00:00:00+01:00",
      },
      {
        consumption: sum(ALL.slice(48, 98)),
        interval_start: "2026-10-25T00:00:00+01:00",
        interval_end: "2026-10-26T00:00:00+00:00",
      },
      {
        consumption: sum(ALL.slice(98)),
        interval_start: "2026-10-26T00:00:00+00:00",
        interval_end: "2026-10-27T00:00:00+00:00",
      },
    ]);
  });

  it("groups a period that starts and ends inside a day from the intervals at its edges", async () => {
    const res = await getElec(
      "?group_by=day&order_by=period&period_from=2026-10-24T12:00:00&period_to=2026-10-26T06:00:00",
    );
    expect(res.json.results.map((r: any) => r.consumption)).toEqual([
      sum(ALL.slice(24, 48)),
      sum(ALL.slice(48, 98)),
      sum(ALL.slice(98, 110)),
    ]);
    const inside = await getElec("?group_by=day&period_from=2026-10-24T12:00:00&period_to=2026-10-24T13:00:00");
    expect(inside.json.results.map((r: any) => r.consumption)).toEqual([sum(ALL.slice(24, 26))]);
  });

  it("groups by hour (25 on the clock-change day), week, month and quarter; every group sums its intervals", async () => {
    const hours = await getElec("?group_by=hour&order_by=period&page_size=25000");
    checkConsumptionPage(hours.json);
    expect(hours.json.count).toBe(COUNT / 2);
    expect(hours.json.results.filter((r: any) => r.interval_start.startsWith("2026-10-25")).length).toBe(25);
    expect(hours.json.results[0]).toEqual({
      consumption: sum(ALL.slice(0, 2)),
      interval_start: "2026-10-24T00:00:00+01:00",
      interval_end: "2026-10-24T01:00:00+01:00",
    });
    const total = sum(ALL);
    const weeks = await getElec("?group_by=week&order_by=period");
    expect(weeks.json.results).toEqual([
      {
        consumption: sum(ALL.slice(0, 98)),
        interval_start: "2026-10-19T00:00:00+01:00",
        interval_end: "2026-10-26T00:00:00+00:00",
      },
      {
        consumption: sum(ALL.slice(98)),
        interval_start: "2026-10-26T00:00:00+00:00",
        interval_end: "2026-11-02T00:00:00+00:00",
      },
    ]);
    expect((await getElec("?group_by=month")).json.results).toEqual([
      { consumption: total, interval_start: "2026-10-01T00:00:00+01:00", interval_end: "2026-11-01T00:00:00+00:00" },
    ]);
    expect((await getElec("?group_by=quarter")).json.results).toEqual([
      { consumption: total, interval_start: "2026-10-01T00:00:00+01:00", interval_end: "2027-01-01T00:00:00+00:00" },
    ]);
  });

  it("pages groups and follows `next` to the end", async () => {
    const first = await getElec("?group_by=hour&page_size=30");
    const pages = await walk(first);
    expect(pages.map((p) => p.json.results.length)).toEqual([30, 30, 13]);
    expect(sum(pages.flatMap((p) => p.json.results.map((r: any) => r.consumption)))).toBe(sum(ALL));
  });

  it.each([
    ["hour", 10],
    ["day", 1],
    ["week", 1],
    ["month", 1],
    ["quarter", 1],
  ])(
    "group_by=%s, both orders, paged %i at a time: `next` followed to the end gives every group of the unpaged answer once",
    async (unit, size) => {
      for (const order of ["period", "-period"]) {
        const whole = await getElec(`?group_by=${unit}&order_by=${order}&page_size=25000`);
        checkConsumptionPage(whole.json);
        const pages = await walk(await getElec(`?group_by=${unit}&order_by=${order}&page_size=${size}`));
        for (const p of pages) expect(p.json.count).toBe(whole.json.count);
        expect(pages).toHaveLength(Math.max(1, Math.ceil(whole.json.count / size)));
        expect(pages.flatMap((p) => p.json.results)).toEqual(whole.json.results);
      }
    },
  );

  it("serves gas the same way on the gas route", async () => {
    const first = await getGas("?page_size=100");
    checkConsumptionPage(first.json);
    const pages = await walk(first, gasConsumption, { mprn: meter.mprn, serial: meter.gasSerial } as never);
    expect(pages.flatMap((p) => p.json.results).length).toBe(COUNT);
    expect((await getGas("?group_by=day")).json.results.map((r: any) => r.consumption)).toEqual([
      sum(ALL.slice(98)),
      sum(ALL.slice(48, 98)),
      sum(ALL.slice(0, 48)),
    ]);
    // An MPRN is not an electricity meter point, nor an MPAN a gas one.
    const cross = await call(elecConsumption, "/x", {
      params: { mpan: meter.mprn, serial: meter.gasSerial },
      auth: basic(org.apiKey),
    });
    expect(cross.json.code).toBe("meter_point_not_found");
  });
});

describe("consumption auth and errors", () => {
  it("takes basic auth with the key, a token in every accepted form, and refuses none with 401", async () => {
    for (const auth of [basic(org.apiKey), `Token ${token}`, `JWT ${token}`, token])
      expect((await getElec("?page_size=1", auth)).status).toBe(200);
    const none = await getElec("", null);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Basic");
    expect((await getElec("", basic("sk_live_wrongwrongwrongwrong"))).status).toBe(401);
  });

  it("answers another organisation's meter, an unknown serial or MPAN as 404", async () => {
    const foreign = await getElec("", basic(other.apiKey));
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual({ detail: expect.any(String), code: "meter_point_not_found", errors: [] });
    const serial = await call(elecConsumption, "/x", {
      params: { mpan: meter.mpan, serial: "NOPE" },
      auth: basic(org.apiKey),
    });
    expect(serial.status).toBe(404);
    expect(serial.json).toEqual({ detail: expect.any(String), code: "meter_not_found", errors: [] });
  });

  it("gives a known meter with no reads a 200 with count 0", async () => {
    const empty = await makeMeterAccount(org, { mpan: mpanOf("10") });
    expect((await getElec("", basic(org.apiKey), empty)).json).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await getElec("?group_by=day", basic(org.apiKey), empty)).json).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });

  it("refuses bad parameters with production's 400 shape, naming each", async () => {
    const cases: [string, string, string][] = [
      ["?group_by=minute", "group_by", "invalid_choice"],
      ["?order_by=interval_start", "order_by", "invalid_choice"],
      ["?period_from=yesterday", "period_from", "invalid_datetime"],
      [
        "?period_from=2026-10-25T00:00:00Z&period_to=2026-10-24T00:00:00Z",
        "period_to",
        "start_date_later_than_end_date",
      ],
      ["?group_by=day&group_by=hour", "group_by", "repeated_parameter"],
    ];
    for (const [q, attr, code] of cases) {
      const res = await getElec(q);
      expect(res.status, q).toBe(400);
      expect(res.json, q).toEqual({
        detail: expect.any(String),
        code: "invalid_query",
        errors: [{ attr, code, detail: expect.any(String) }],
      });
    }
    const page = await getElec("?page=99");
    expect(page.status).toBe(404);
    expect(page.json.code).toBe("invalid_page");
  });

  it("caps page_size at 25,000 as production does, and `page=last` is the last page", async () => {
    const res = await getElec("?page_size=90000");
    expect(res.json.results.length).toBe(COUNT);
    const last = await getElec("?page_size=100&page=last");
    expect(last.json.results.length).toBe(46);
    expect(last.json.next).toBeNull();
  });
});
