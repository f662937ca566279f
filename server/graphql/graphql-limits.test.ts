import { describe, expect, it } from "vitest";
import { graphqlSchemaHandler as getSdl } from "@/server/rest/routes/graphql";
import { graphqlPostHandler as graphql } from "@/server/rest/routes/graphql";
import { useTestDb } from "@/test/db";
import { makeOrg } from "@/test/factories";
import { ACCOUNT_QUERY, LIVE_CONSUMPTION_QUERY, pyFormat } from "@/test/home-assistant-documents";
import { call } from "@/test/http";
import { GRAPHQL_MAX_ALIASES, GRAPHQL_MAX_COST, GRAPHQL_MAX_DEPTH } from "./limits";
import { setEnv } from "@/server/env.mjs";

const t = useTestDb();
const NET = `${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const post = (body: unknown, auth?: string, host = "1") =>
  call(graphql, "/v1/graphql/", { body, auth, headers: { "x-forwarded-for": `10.${NET}.${host}` } });

describe("GraphQL limits and envelope", () => {
  it("validates the integration's documents within the limits; refuses deeper, costlier and alias-heavy ones in the envelope", async () => {
    const org = await makeOrg(t.db);
    // Validation passes for the real documents (only the account lookup fails: no such account).
    const real = await post({ query: pyFormat(ACCOUNT_QUERY, { account_id: "A-00000000" }) }, org.apiKey);
    expect(real.json.errors.map((e: any) => e.extensions.errorCode)).toEqual([
      "KT-CT-1111",
      "KT-CT-1111",
      "KT-CT-1111",
    ]);
    const telemetry = await post(
      {
        query: pyFormat(LIVE_CONSUMPTION_QUERY, {
          device_id: "x",
          period_from: "2026-11-01T00:00:00+0000",
          period_to: "2026-11-02T00:00:00+0000",
        }),
      },
      org.apiKey,
    );
    expect(telemetry.json.errors[0].extensions.errorCode).toBe("KT-CT-1111");

    const nest = (depth: number): string =>
      (depth === 0
        ? "number"
        : `properties { electricityMeterPoints { agreements { meterPoint { ${nest(depth - 1)} } } } }`
      ).replace(
        "properties { electricityMeterPoints { agreements { meterPoint {",
        "electricityAgreements { meterPoint { agreements { meterPoint {",
      );
    const deep = await post({ query: `{ account(accountNumber: "A-00000000") { ${nest(4)} } }` }, org.apiKey);
    // Production's code for a query it will not run for its size: KT-CT-1188, the limit named in the description.
    const tooComplex = (detail: RegExp) => ({
      message: "Query is too complex.",
      extensions: {
        errorType: "AUTHORIZATION",
        errorCode: "KT-CT-1188",
        errorDescription: expect.stringMatching(detail),
      },
    });
    expect(deep.json.errors[0]).toMatchObject(
      tooComplex(
        new RegExp(`^The current query is too complex\\. .*Query depth limit of ${GRAPHQL_MAX_DEPTH} exceeded`),
      ),
    );

    const aliases = Array.from(
      { length: GRAPHQL_MAX_ALIASES + 1 },
      (_, i) => `a${i}: account(accountNumber: "A-00000000") { number }`,
    ).join(" ");
    const aliased = await post({ query: `{ ${aliases} }` }, org.apiKey);
    expect(aliased.json.errors[0]).toMatchObject(
      tooComplex(new RegExp(`Aliases limit of ${GRAPHQL_MAX_ALIASES} exceeded`)),
    );

    const wide = Array.from(
      { length: 14 },
      (_, i) =>
        `a${i}: account(accountNumber: "A-00000000") { electricityAgreements { meterPoint { meters { smartDevices { deviceId manufacturer model firmwareVersion } } agreements { tariff { ... on StandardTariff { tariffCode productCode unitRate standingCharge displayName fullName } } } } } }`,
    ).join(" ");
    const costly = await post({ query: `{ ${wide} }` }, org.apiKey);
    // 14 aliases (within the alias limit) of one account field: refused for their cost, aliases counted as the fields they expand to.
    expect(costly.json.errors).toHaveLength(1);
    expect(costly.json.errors[0]).toMatchObject(
      tooComplex(new RegExp(`Query Cost limit of ${GRAPHQL_MAX_COST} exceeded`)),
    );

    const syntax = await post({ query: "{ account(accountNumber: " }, org.apiKey);
    expect(syntax.json.errors[0].extensions).toMatchObject({
      errorType: "VALIDATION",
      errorCode: "GRAPHQL_PARSE_FAILED",
      errorDescription: expect.stringContaining("Syntax Error"),
    });
  });

  it("suggests field names only to callers with a valid credential; introspection stays open", async () => {
    const org = await makeOrg(t.db);
    const typo = { query: `{ acount(accountNumber: "A-00000000") { number } }` };
    const anonymous = await post(typo, undefined, "2");
    expect(anonymous.json.errors[0].message).toBe('Cannot query field "acount" on type "Query".');
    expect(anonymous.json.errors[0].extensions).toMatchObject({
      errorType: "VALIDATION",
      errorCode: "GRAPHQL_VALIDATION_FAILED",
    });
    const known = await post(typo, org.apiKey, "2");
    expect(known.json.errors[0].message).toMatch(/Did you mean "account"\?$/);
    const introspection = await post({ query: "{ __schema { queryType { fields { name } } } }" }, undefined, "2");
    expect(introspection.json.data.__schema.queryType.fields.map((f: any) => f.name)).toEqual(
      expect.arrayContaining(["account", "smartMeterTelemetry", "viewer"]),
    );
  });

  it("counts every operation of a batch against the key's per-minute limit (KT-CT-1199 beyond it)", async () => {
    const org = await makeOrg(t.db);
    setEnv({ GRAPHQL_RATE_LIMIT_PER_MINUTE: "4" });
    try {
      const op = { query: "{ viewer { organisationNumber } }" };
      const batch = await post([op, op, op], org.apiKey);
      expect(batch.json.map((r: any) => r.data.viewer.organisationNumber)).toEqual([
        org.number,
        org.number,
        org.number,
      ]);
      // A batch's operations are counted as they run, side by side: one of these two is the
      // fourth (answered), the other the fifth (refused), in whichever order they were counted.
      const next = await post([op, op], org.apiKey);
      const answered = next.json.filter((r: any) => r.data);
      const refused = next.json.filter((r: any) => r.errors);
      expect(answered.map((r: any) => r.data.viewer.organisationNumber)).toEqual([org.number]);
      expect(refused.map((r: any) => r.errors[0].extensions)).toMatchObject([
        { errorType: "AUTHORIZATION", errorCode: "KT-CT-1199" },
      ]);
      // Over the limit, every further operation is refused until the window ends.
      const after = await post(op, org.apiKey);
      expect(after.json.errors[0]).toMatchObject({
        message: "Too many requests.",
        extensions: { errorType: "AUTHORIZATION", errorCode: "KT-CT-1199" },
      });
      // Another key has its own count.
      const other = await makeOrg(t.db);
      expect((await post(op, other.apiKey)).json.data.viewer.organisationNumber).toBe(other.number);
    } finally {
      setEnv({ GRAPHQL_RATE_LIMIT_PER_MINUTE: undefined });
    }
  });

  it("publishes the schema as SDL with production's type names", async () => {
    const res = await call(getSdl as never, "/v1/graphql/schema.graphql");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    for (const fragment of [
      "interface TariffType",
      "union ElectricityTariffType",
      "smartMeterTelemetry(deviceId: String!",
      "type SmartMeterDeviceType",
      "octoplusAccountInfo(",
    ])
      expect(res.json).toContain(fragment);
  });
});
