import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productCatalogueState, products, tariffRates, tariffs } from "@/db/schema";
import { systemCtx } from "@/server/context";
import { ServiceError } from "@/server/errors";
import { productsCommand } from "@/server/cli/commands/products";
import { uniq, useTestDb } from "@/test/db";
import { makeOrg } from "@/test/factories";
import { DEMO_TARIFF_CODES, demoProducts, loadDemoProducts } from "./demo-products";
import { findUnknownTariffCodes } from "./find-unknown-tariff-codes";
import { loadProducts } from "./load-products";
import { regionCTariffs, testRate } from "@/test/factories";

const t = useTestDb();

function product(code = uniq("L"), extra: Record<string, unknown> = {}) {
  return {
    code,
    brand: "TEST_LOAD",
    full_name: "Load test",
    display_name: "Load",
    available_from: "2025-01-01T00:00:00Z",
    tariffs: regionCTariffs(code, { dual: true, gas: true }),
    ...extra,
  };
}

async function loadError(file: unknown, opts = {}) {
  const err = await loadProducts(systemCtx(t.db), file, opts).then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(ServiceError);
  return err as ServiceError;
}

const ratesOf = (code: string) =>
  t.db
    .select({
      type: tariffRates.rateType,
      exc: tariffRates.valueExcVat,
      inc: tariffRates.valueIncVat,
      from: tariffRates.validFrom,
      to: tariffRates.validTo,
    })
    .from(tariffRates)
    .innerJoin(tariffs, eq(tariffs.id, tariffRates.tariffId))
    .where(eq(tariffs.code, code))
    .orderBy(tariffRates.rateType, tariffRates.validFrom);

describe("loading a products file", () => {
  it("creates products, tariffs and rates; loading it again changes nothing", async () => {
    const p = product();
    const first = await loadProducts(systemCtx(t.db), { products: [p] });
    expect(first).toMatchObject({
      products: { created: 1 },
      tariffs: { created: 3 },
      rates: { created: 2 + 1 + 3 + 2, updated: 0, deleted: 0 },
    });
    const again = await loadProducts(systemCtx(t.db), { products: [p] });
    expect(again).toMatchObject({
      products: { created: 0, updated: 0, unchanged: 1 },
      tariffs: { unchanged: 3 },
      rates: { created: 0, updated: 0, unchanged: 8 },
    });
    expect(again.catalogue_version).toBe(first.catalogue_version);
    const [row] = await t.db
      .select()
      .from(tariffs)
      .where(eq(tariffs.code, `E-2R-${p.code}-C`));
    expect(row).toMatchObject({ fuel: "electricity", registers: 2, region: "C", paymentMethods: ["DIRECT_DEBIT"] });
    // decimals are stored exactly; a datetime without offset is Europe/London (1 April = BST)
    expect(await ratesOf(`E-1R-${p.code}-C`)).toEqual([
      {
        type: "standard_unit_rate",
        exc: "20.000000",
        inc: "21.000000",
        from: new Date("2026-01-01T00:00:00Z"),
        to: new Date("2026-03-31T23:00:00Z"),
      },
      {
        type: "standard_unit_rate",
        exc: "24.500000",
        inc: "25.725000",
        from: new Date("2026-03-31T23:00:00Z"),
        to: null,
      },
      { type: "standing_charge", exc: "50.000000", inc: "52.500000", from: new Date("2026-01-01T00:00:00Z"), to: null },
    ]);
  });

  it("updates changed rows, appends new rates and bumps the catalogue version", async () => {
    const p = product();
    const first = await loadProducts(systemCtx(t.db), { products: [p] });
    const e1 = p.tariffs[0];
    const next = {
      ...p,
      display_name: "Renamed",
      tariffs: [
        {
          ...e1,
          standard_unit_rates: [
            testRate("20", "21", "2026-01-01T00:00:00Z", "2026-04-01T00:00:00"),
            testRate("24.5", "25.725", "2026-04-01T00:00:00", "2026-07-01T00:00:00"),
            testRate("22.25", "23.3625", "2026-07-01T00:00:00"),
          ],
        },
      ],
    };
    const second = await loadProducts(systemCtx(t.db), { products: [next] });
    expect(second).toMatchObject({
      products: { updated: 1 },
      tariffs: { unchanged: 1 },
      rates: { created: 1, updated: 1, unchanged: 2 },
    });
    expect(second.catalogue_version).toBeGreaterThan(first.catalogue_version);
    const [state] = await t.db.select().from(productCatalogueState);
    expect(state.version).toBeGreaterThanOrEqual(second.catalogue_version);
    expect(
      (await ratesOf(`E-1R-${p.code}-C`)).filter((r) => r.type === "standard_unit_rate").map((r) => r.exc),
    ).toEqual(["20.000000", "24.500000", "22.250000"]);
  });

  it("refuses a rate that overlaps a stored one, naming the file path, and rolls everything back", async () => {
    const p = product();
    await loadProducts(systemCtx(t.db), { products: [p] });
    // the stored 24.5 rate is open-ended; a new rate from July overlaps it
    const bad = {
      ...p,
      display_name: "Must not be saved",
      tariffs: [{ ...p.tariffs[0], standard_unit_rates: [testRate("22", "23.1", "2026-07-01T00:00:00")] }],
    };
    const err = await loadError({ products: [bad] });
    expect(err.code).toBe("invalid_products_file");
    expect(err.errors[0]).toMatchObject({
      attr: "products.0.tariffs.0.standard_unit_rates.0.valid_from",
      code: "overlapping_rate_period",
    });
    const [row] = await t.db.select().from(products).where(eq(products.code, p.code));
    expect(row.displayName).toBe("Load");
    expect(await ratesOf(`E-1R-${p.code}-C`)).toHaveLength(3);
    // with --replace-rates the file's list replaces the stored one
    const replaced = await loadProducts(systemCtx(t.db), { products: [bad] }, { replaceRates: true });
    expect(replaced.rates).toMatchObject({ created: 1, deleted: 2, unchanged: 1 });
    expect((await ratesOf(`E-1R-${p.code}-C`)).map((r) => [r.type, r.exc])).toEqual([
      ["standard_unit_rate", "22.000000"],
      ["standing_charge", "50.000000"],
    ]);
    // tariffs the file does not list keep their rates
    expect(await ratesOf(`E-2R-${p.code}-C`)).toHaveLength(3);
  });

  it("reports every malformed field with its path and loads nothing", async () => {
    const code = uniq("BAD");
    const file = {
      products: [
        {
          ...product(code),
          brand: "lower",
          term: 0,
          colour: "green",
          tariffs: [
            { code: `X-1R-${code}-C` },
            {
              code: `E-1R-${code}-C`,
              payment_methods: ["CHEQUE"],
              standing_charges: [{ value_exc_vat: 50, value_inc_vat: "52.5", valid_from: "2026-01-01T00:00:00Z" }],
              standard_unit_rates: [
                testRate("20.1234567", "21", "2026-03-01T00:00:00Z", "2026-02-01T00:00:00Z"),
                testRate("1", "1.05", "2026-02-30T00:00:00"),
              ],
            },
          ],
        },
      ],
    };
    const err = await loadError(file);
    expect(err.code).toBe("invalid_products_file");
    expect(Object.fromEntries(err.errors.map((e) => [e.attr, e.code]))).toEqual({
      "products.0.brand": "invalid_brand",
      "products.0.term": "min_value",
      "products.0.colour": "unknown_field",
      "products.0.tariffs.0.code": "invalid_tariff_code",
      "products.0.tariffs.1.payment_methods.0": "invalid_choice",
      "products.0.tariffs.1.standing_charges.0.value_exc_vat": "invalid_type",
      "products.0.tariffs.1.standard_unit_rates.0.value_exc_vat": "invalid_decimal",
      "products.0.tariffs.1.standard_unit_rates.0.valid_to": "start_date_later_than_end_date",
      "products.0.tariffs.1.standard_unit_rates.1.valid_from": "invalid_datetime",
    });
    expect(await t.db.select().from(products).where(eq(products.code, code))).toEqual([]);
  });

  it("then checks tariffs against their product and rates against each other", async () => {
    const code = uniq("BAD");
    const file = {
      products: [
        { ...product(code), available_to: "2024-01-01T00:00:00Z", tariffs: [{ code: `E-1R-${code}-C` }] },
        {
          ...product(code),
          direction: "EXPORT",
          tariffs: [
            { code: `E-1R-${code}-I` },
            { code: `E-1R-OTHER-C` },
            { code: `G-2R-${code}-C` },
            { code: `G-1R-${code}-A` },
            {
              code: `E-1R-${code}-B`,
              payment_methods: ["DIRECT_DEBIT", "DIRECT_DEBIT"],
              standard_unit_rates: [
                testRate("20", "21", "2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z"),
                testRate("20", "21", "2026-01-15T00:00:00Z", "2026-03-01T00:00:00Z"),
                testRate("20", "21", "2026-04-01T00:00:00Z", null, "PREPAYMENT"),
              ],
              day_unit_rates: [testRate("1", "1", "2026-01-01T00:00:00Z")],
            },
            { code: `E-1R-${code}-C` },
          ],
        },
      ],
    };
    const err = await loadError(file);
    expect(Object.fromEntries(err.errors.map((e) => [e.attr, e.code]))).toEqual({
      "products.0.available_to": "start_date_later_than_end_date",
      "products.1.code": "duplicate_product_code",
      "products.1.tariffs.0.code": "invalid_region",
      "products.1.tariffs.1.code": "tariff_product_mismatch",
      "products.1.tariffs.2.code": "invalid_tariff_code",
      "products.1.tariffs.3.code": "invalid_tariff_code",
      "products.1.tariffs.4.payment_methods": "duplicate_payment_method",
      "products.1.tariffs.4.standard_unit_rates.1.valid_from": "overlapping_rate_period",
      "products.1.tariffs.4.standard_unit_rates.2.payment_method": "invalid_choice",
      "products.1.tariffs.4.day_unit_rates": "rate_type_not_applicable",
      "products.1.tariffs.5.code": "duplicate_tariff_code",
    });
    expect(err.errors.find((e) => e.code === "overlapping_rate_period")!.detail).toContain("standard_unit_rates.0");
  });

  it("a rate without payment method overlaps every payment method's rates", async () => {
    const code = uniq("PM");
    const tariff = {
      code: `E-1R-${code}-C`,
      payment_methods: ["DIRECT_DEBIT", "NON_DIRECT_DEBIT"],
      standing_charges: [
        testRate("1", "1.05", "2026-01-01T00:00:00Z", null, "DIRECT_DEBIT"),
        testRate("2", "2.1", "2026-01-01T00:00:00Z", null, "NON_DIRECT_DEBIT"),
      ],
    };
    await loadProducts(systemCtx(t.db), { products: [{ ...product(code), tariffs: [tariff] }] });
    const clash = {
      ...tariff,
      standing_charges: [...tariff.standing_charges, testRate("3", "3.15", "2026-06-01T00:00:00Z")],
    };
    const err = await loadError({ products: [{ ...product(code), tariffs: [clash] }] });
    expect(err.errors[0]).toMatchObject({
      attr: "products.0.tariffs.0.standing_charges.2.valid_from",
      code: "overlapping_rate_period",
    });
  });

  it("rejects a file without products and API clients loading the catalogue", async () => {
    expect((await loadError({})).errors[0]).toMatchObject({ attr: "products", code: "required" });
    expect((await loadError({ products: [] })).errors[0]).toMatchObject({ attr: "products", code: "too_few_items" });
    const org = await makeOrg(t.db);
    const apiCtx = {
      ...org.ctx,
      actor: {
        kind: "organisation" as const,
        organisationId: org.id,
        apiKeyId: org.apiKeyId,
        via: "api_key" as const,
        label: "k",
      },
    };
    await expect(loadProducts(apiCtx, { products: [product()] })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("the documented example file (docs/public-api.md)", () => {
  it("loads, and its dual-register and gas tariffs are served", async () => {
    const doc = readFileSync(path.resolve("docs/public-api.md"), "utf8");
    const example = JSON.parse(/```json products-file\n([\s\S]+?)\n```/.exec(doc)![1]);
    await t.db.delete(products).where(eq(products.code, example.products[0].code));
    const summary = await loadProducts(systemCtx(t.db), example);
    expect(summary).toMatchObject({ products: { created: 1 }, tariffs: { created: 3 }, rates: { created: 3 + 3 + 2 } });
  });
});

describe("database constraints", () => {
  it("makes tariff codes unique and refuses malformed rows even without the loader", async () => {
    const p = product();
    await loadProducts(systemCtx(t.db), { products: [p] });
    const [prod] = await t.db.select().from(products).where(eq(products.code, p.code));
    const [tariff] = await t.db
      .select()
      .from(tariffs)
      .where(eq(tariffs.code, `E-1R-${p.code}-C`));
    const tariffRow = {
      productId: prod.id,
      fuel: "electricity" as const,
      registers: 1,
      paymentMethods: ["DIRECT_DEBIT" as const],
    };
    const bad = [
      () => t.db.insert(tariffs).values({ ...tariffRow, code: `E-1R-${p.code}-C`, region: "A" }),
      () => t.db.insert(tariffs).values({ ...tariffRow, code: `E-1R-${p.code}-I`, region: "I" as "A" }),
      () =>
        t.db.insert(tariffs).values({ ...tariffRow, code: `G-2R-${p.code}-B`, fuel: "gas", registers: 2, region: "B" }),
      () => t.db.insert(tariffs).values({ ...tariffRow, code: `E-1R-${p.code}-D`, region: "B" }),
      () => t.db.insert(tariffs).values({ ...tariffRow, code: `E-1R-${p.code}-E`, region: "E", paymentMethods: [] }),
      () =>
        t.db.insert(tariffRates).values({
          tariffId: tariff.id,
          rateType: "standing_charge",
          valueExcVat: "1",
          valueIncVat: "1",
          validFrom: new Date("2026-01-01T00:00:00Z"),
        }),
      () =>
        t.db.insert(tariffRates).values({
          tariffId: tariff.id,
          rateType: "standard_unit_rate",
          valueExcVat: "1",
          valueIncVat: "1",
          validFrom: new Date("2027-01-01"),
          validTo: new Date("2026-01-01"),
        }),
      () =>
        t.db.insert(products).values({ ...prod, id: undefined, code: uniq("C"), availableTo: new Date("2020-01-01") }),
    ];
    for (const attempt of bad) await expect(attempt()).rejects.toThrow();
  });
});

describe("the demo catalogue and tariff-code lookup", () => {
  it("contains the fixture tariff codes, loads cleanly and twice, and findUnknownTariffCodes sees them", async () => {
    const codes = demoProducts().products.flatMap((p) => (p.tariffs ?? []).map((x) => x.code));
    expect(codes).toEqual(
      expect.arrayContaining([DEMO_TARIFF_CODES.electricity, DEMO_TARIFF_CODES.gas, "E-2R-VAR-22-11-01-C"]),
    );
    await loadDemoProducts(systemCtx(t.db), { only: ["VAR-22-11-01"] });
    const again = await loadDemoProducts(systemCtx(t.db), { only: ["VAR-22-11-01"] });
    expect(again.rates.created + again.rates.updated).toBe(0);
    const unknown = uniq("E-1R-NOPE-");
    expect(
      await findUnknownTariffCodes(t.db, [DEMO_TARIFF_CODES.electricity, unknown, DEMO_TARIFF_CODES.gas, unknown]),
    ).toEqual([unknown]);
    expect(await findUnknownTariffCodes(t.db, [])).toEqual([]);
    const demo = await t.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(tariffs)
      .innerJoin(products, eq(products.id, tariffs.productId))
      .where(inArray(products.code, ["VAR-22-11-01"]));
    expect(demo[0].n).toBe(14 * 3);
  });
});

describe("npm run cli -- products load FILE", () => {
  const run = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const before = process.exitCode;
    process.exitCode = undefined;
    await productsCommand({
      database: async () => ({ db: t.db, close: async () => {} }),
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    }).parseAsync(args, { from: "user" });
    const code = process.exitCode;
    process.exitCode = before;
    return { out: out.join("\n"), err: err.join("\n"), code };
  };
  const dir = mkdtempSync(path.join(tmpdir(), "km-products-"));

  it("loads a file and prints a summary; prints errors with paths and exits 1 on a bad file", async () => {
    const p = product();
    const good = path.join(dir, "good.json");
    writeFileSync(good, JSON.stringify({ products: [p] }));
    const ok = await run(["load", good]);
    expect(ok.code ?? 0).toBe(0);
    expect(ok.out).toMatch(/products: 1 created/);
    expect(ok.out).toMatch(/rates: 8 created/);
    const json = await run(["load", good, "--json"]);
    expect(JSON.parse(json.out).rates.unchanged).toBe(8);

    const badFile = path.join(dir, "bad.json");
    writeFileSync(badFile, JSON.stringify({ products: [{ ...p, brand: "lower case" }] }));
    const bad = await run(["load", badFile]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("products.0.brand:");
    expect(bad.err).toContain("[invalid_brand]");

    const notJson = path.join(dir, "broken.json");
    writeFileSync(notJson, "{ products: ");
    expect((await run(["load", notJson])).err).toMatch(/not valid JSON/);
    expect((await run(["load", path.join(dir, "missing.json")])).code).toBe(1);
  });
});
