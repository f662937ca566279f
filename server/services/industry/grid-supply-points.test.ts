import { describe, expect, it } from "vitest";
import { gridSupplyPointsHandler as GET } from "@/server/rest/routes/industry";
import { withMpanCheckDigit } from "@/server/lib/validators";
import { gspOfMpan } from "@/server/services/consumption/gsp";
import { demoAccounts } from "@/server/services/demo/demo-accounts";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { gspGroupOfPostcode } from "./list-grid-supply-points";
import table from "./postcode-gsp-groups.json";

useTestDb();
const get = (query = "") => call(GET, `/v1/industry/grid-supply-points/${query}`);
const ALL = ["_A", "_B", "_C", "_D", "_E", "_F", "_G", "_H", "_J", "_K", "_L", "_M", "_N", "_P"];

describe("GET /v1/industry/grid-supply-points/", () => {
  it("lists all 14 groups without a postcode (or with an empty one), as production's page, public and cacheable", async () => {
    for (const q of ["", "?postcode=", "?postcode=%20", "?page_size=100"]) {
      const res = await get(q);
      expect(res.status, q).toBe(200);
      expect(res.json, q).toEqual({
        count: 14,
        next: null,
        previous: null,
        results: ALL.map((group_id) => ({ group_id })),
      });
    }
    const res = await get();
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers a postcode's group in any case and spacing, full or outward, sub-districts and the districts that differ from their area", async () => {
    const group = async (postcode: string) => (await get(`?postcode=${encodeURIComponent(postcode)}`)).json;
    expect(await group("SW1A 1AA")).toEqual({ count: 1, next: null, previous: null, results: [{ group_id: "_C" }] });
    for (const [postcode, id] of [
      ["sw1a1aa", "_C"],
      ["  EH2  3AT ", "_N"],
      ["LS1", "_M"],
      ["M14 5TQ", "_G"],
      ["W1F 9DE", "_C"],
      ["ec1a 1bb", "_C"],
      ["CF10 1EP", "_K"],
      ["PL1 1AA", "_L"],
      ["IV1 1AA", "_P"],
      ["B1 1AA", "_E"],
      ["B77 1AA", "_B"],
      ["S40 1AA", "_B"],
      ["S1 2AA", "_M"],
    ] as const) {
      expect((await group(postcode)).results, postcode).toEqual([{ group_id: id }]);
    }
  });

  it("answers an empty page, never an error, for what it cannot map: not a postcode, outside GB's groups, an unknown area", async () => {
    for (const postcode of [
      "BT1 1AA",
      "JE2 3AB",
      "GY1 1AA",
      "IM1 1AA",
      "QQ1 1AA",
      "not a postcode",
      "12345",
      "SW1A 1AAA",
      "%00",
      "💡",
      "ZZ",
    ]) {
      const res = await get(`?postcode=${encodeURIComponent(postcode)}`);
      expect([res.status, res.json], postcode).toEqual([200, { count: 0, next: null, previous: null, results: [] }]);
    }
    const long = await get(`?postcode=${"A".repeat(65)}`);
    expect([long.status, long.json.code]).toEqual([400, "invalid_query"]);
    const twice = await get("?postcode=SW1A1AA&postcode=LS11AA");
    expect([twice.status, twice.json.errors[0].code]).toEqual([400, "repeated_parameter"]);
  });

  it("agrees with the MPAN distributor ids of the demo's customers, and every area and district maps to a real group", () => {
    for (const make of demoAccounts()) {
      const a = make("DEMO") as {
        supply_addresses: { supply_postcode: string; meter_points: { supply_type: string; identifier: string }[] }[];
      };
      const address = a.supply_addresses[0];
      const mpan = address.meter_points.find((p) => p.supply_type === "ELECTRICITY")!.identifier;
      expect(gspGroupOfPostcode(address.supply_postcode), address.supply_postcode).toBe(gspOfMpan(mpan));
    }
    expect(gspOfMpan(withMpanCheckDigit("120000000001"))).toBe("_C");
    for (const g of [...Object.values(table.areas), ...Object.values(table.districts)]) expect(ALL).toContain(g);
    expect(Object.keys(table.areas).length).toBeGreaterThan(115);
  });
});
