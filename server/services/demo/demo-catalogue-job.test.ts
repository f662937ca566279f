import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { electricityStandardUnitRatesHandler as agileRates } from "@/server/rest/routes/public";
import { jobs, productCatalogueState } from "@/db/schema";
import { systemCtx } from "@/server/context";
import { loadDemoProducts } from "@/server/services/products/demo-products";
import { loadProducts } from "@/server/services/products/load-products";
import { refreshDemoCatalogue } from "./refresh-demo-catalogue";
import { regionCTariffs } from "@/test/factories";
import { uniq, useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { tickDemoCatalogue } from "./demo-catalogue-job";

const t = useTestDb();

const setClock = (iso: string) => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
};

/** Agile region C rates on 13 August 2026 (a London day: 12 Aug 23:00Z to 13 Aug 23:00Z), through the public route. */
const PARAMS = { product: "AGILE-24-10-01", tariff: "E-1R-AGILE-24-10-01-C" };
const august13 = () =>
  call(
    agileRates,
    `/v1/products/${PARAMS.product}/electricity-tariffs/${PARAMS.tariff}/standard-unit-rates/?period_from=2026-08-13T00:00:00&period_to=2026-08-14T00:00:00`,
    { params: PARAMS },
  );

const version = async () => (await t.db.select().from(productCatalogueState))[0]?.version ?? 0;

describe("the daily demo-catalogue job", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("publishes tomorrow's Agile rates after 16:00 London once, whichever of two instances asks, and a second run changes nothing", async () => {
    // Demo loaded at 11:00 BST: rates end at 23:00 tonight.
    setClock("2026-08-12T10:00:00Z");
    await loadDemoProducts(systemCtx(t.db, "test"), { only: ["AGILE-24-10-01", "VAR-22-11-01"] });
    // An operator's product (not the demo's): its rates lapsed yesterday and must stay so.
    const own = uniq("OWN");
    const [ownTariff] = regionCTariffs(own);
    await loadProducts(systemCtx(t.db, "test"), {
      products: [
        {
          code: own,
          brand: "TEST_OWN",
          full_name: "Own",
          display_name: "Own",
          available_from: "2026-01-01T00:00:00Z",
          tariffs: [
            {
              ...ownTariff,
              standard_unit_rates: [
                {
                  value_exc_vat: "20",
                  value_inc_vat: "21",
                  valid_from: "2026-08-01T00:00:00Z",
                  valid_to: "2026-08-11T00:00:00Z",
                },
              ],
            },
          ],
        },
      ],
    });
    const before = await august13();
    expect(before.json.count).toBe(0);

    // Before 16:00 the latest publication is yesterday's, which the load already holds: the job runs and adds nothing.
    expect(await tickDemoCatalogue(t.db, "instance-a")).toHaveLength(1);
    expect((await august13()).json.count).toBe(0);

    setClock("2026-08-12T15:30:00Z");
    const versionBefore = await version();
    const [a, b] = await Promise.all([tickDemoCatalogue(t.db, "instance-a"), tickDemoCatalogue(t.db, "instance-b")]);
    expect([...a, ...b]).toHaveLength(1);
    const rows = await t.db.select().from(jobs).where(eq(jobs.dedupKey, "demo-catalogue:2026-08-12"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "done", attempts: 1, payload: { publication: "2026-08-12" } });
    expect(await version()).toBeGreaterThan(versionBefore);

    // The cached page of every instance is keyed on the catalogue version, so clients see the new day at once.
    const after = await august13();
    expect(after.status).toBe(200);
    expect(after.json.count).toBe(46);
    expect(after.json.results[0]).toMatchObject({
      valid_from: "2026-08-13T21:30:00Z",
      valid_to: "2026-08-13T22:00:00Z",
      payment_method: null,
    });

    // Again: the day's job is done, and a refresh at the same moment changes nothing.
    expect(await Promise.all([tickDemoCatalogue(t.db, "instance-a"), tickDemoCatalogue(t.db, "instance-b")])).toEqual([
      [],
      [],
    ]);
    const again = await refreshDemoCatalogue(systemCtx(t.db, "demo-catalogue"));
    expect(again).not.toBeNull();
    expect(again!.rates).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    expect(again!.products).toMatchObject({ created: 0, updated: 0 });
    expect((await august13()).json.count).toBe(46);

    const ownRates = await call(
      agileRates,
      `/v1/products/${own}/electricity-tariffs/E-1R-${own}-C/standard-unit-rates/`,
      { params: { product: own, tariff: `E-1R-${own}-C` } },
    );
    expect(ownRates.json.results).toEqual([expect.objectContaining({ valid_to: "2026-08-11T00:00:00Z" })]);
  }, 120_000);

  it("is refused to API clients and console users: only the platform's own job refreshes the demo", async () => {
    const ctx = {
      ...systemCtx(t.db),
      actor: { kind: "organisation" as const, organisationId: 1, apiKeyId: 1, via: "token" as const, label: "key" },
    };
    await expect(refreshDemoCatalogue(ctx)).rejects.toMatchObject({ code: "forbidden" });
  });
});
