import Decimal from "decimal.js";
import { type PaymentMethod, TARIFF_REGIONS } from "@/db/schema";
import type { Ctx } from "../../context";
import { dailyRates, halfHourlyRates, regional, steppedRates } from "./demo-rates";
import { loadProducts } from "./load-products";
import type { ProductsFileInput } from "./schemas";

type ProductIn = ProductsFileInput["products"][number];
type TariffIn = NonNullable<ProductIn["tariffs"]>[number];

/** Price-cap quarters: every variable product changes price at London midnight on these days. */
const QUARTERS = ["2025-10-01", "2026-01-01", "2026-04-01", "2026-07-01", "2026-10-01"];
const ELEC_UNIT = ["24.50", "25.73", "24.86", "25.73", "26.35"];
const ELEC_SC = ["51.37", "53.80", "51.37", "51.37", "53.68"];
const GAS_UNIT = ["6.24", "6.34", "6.99", "6.33", "5.93"];
const GAS_SC = ["31.65", "31.66", "32.67", "33.18", "34.03"];

/** Agile half-hourly windows: each spans a clock change (29 March, 25 October 2026). */
export const AGILE_WINDOWS = [
  ["2026-03-26", "2026-04-02"],
  ["2026-10-20", "2026-11-23"],
] as const;

type Shape = { unit: Decimal.Value; sc: Decimal.Value };
type Fuels = { single?: boolean; dual?: boolean; gas?: boolean };

/** Tariffs in all 14 regions; `rates` builds each rate list from the region index. */
function regionalTariffs(
  product: string,
  fuels: Fuels,
  methods: PaymentMethod[],
  rates: (kind: "single" | "dual" | "gas", regionIndex: number, method: PaymentMethod | null) => Omit<TariffIn, "code">,
): TariffIn[] {
  const perMethod = methods.length > 1 ? methods : [null];
  const merge = (kind: "single" | "dual" | "gas", r: number): Omit<TariffIn, "code"> => {
    const parts = perMethod.map((m) => rates(kind, r, m));
    const lists = ["standing_charges", "standard_unit_rates", "day_unit_rates", "night_unit_rates"] as const;
    return { ...parts[0], payment_methods: methods, ...Object.fromEntries(lists.map((l) => [l, parts.flatMap((p) => p[l] ?? [])])) };
  };
  return TARIFF_REGIONS.flatMap((region, r) => [
    ...(fuels.single ? [{ code: `E-1R-${product}-${region}`, ...merge("single", r) }] : []),
    ...(fuels.dual ? [{ code: `E-2R-${product}-${region}`, ...merge("dual", r) }] : []),
    ...(fuels.gas ? [{ code: `G-1R-${product}-${region}`, ...merge("gas", r) }] : []),
  ]);
}

/** Quarterly price-cap style rates; the non-direct-debit price is 5% higher. */
function quarterly(kind: "single" | "dual" | "gas", r: number, method: PaymentMethod | null, opts: { from?: number; uplift?: string } = {}) {
  const from = opts.from ?? 0;
  const starts = QUARTERS.slice(from);
  const factor = new Decimal(method === "NON_DIRECT_DEBIT" ? "1.05" : "1").mul(opts.uplift ?? "1");
  const series = (values: string[], scale = "1") => starts.map((_, i) => regional(new Decimal(values[i + from]).mul(factor).mul(scale), r));
  const o = { paymentMethod: method };
  if (kind === "gas") return { standing_charges: steppedRates(starts, series(GAS_SC), o), standard_unit_rates: steppedRates(starts, series(GAS_UNIT), o) };
  if (kind === "dual") {
    return {
      standing_charges: steppedRates(starts, series(ELEC_SC), o),
      day_unit_rates: steppedRates(starts, series(ELEC_UNIT, "1.12"), o),
      night_unit_rates: steppedRates(starts, series(ELEC_UNIT, "0.58"), o),
    };
  }
  return { standing_charges: steppedRates(starts, series(ELEC_SC), o), standard_unit_rates: steppedRates(starts, series(ELEC_UNIT), o) };
}

/** One price from `from` with no end date (fixed-term products). */
function fixed(kind: "single" | "dual" | "gas", r: number, from: string, s: Record<"single" | "gas", Shape>) {
  const sh = kind === "gas" ? s.gas : s.single;
  const one = (v: Decimal.Value) => steppedRates([from], [regional(v, r)]);
  if (kind === "dual") return { standing_charges: one(sh.sc), day_unit_rates: one(new Decimal(sh.unit).mul("1.12")), night_unit_rates: one(new Decimal(sh.unit).mul("0.58")) };
  return { standing_charges: one(sh.sc), standard_unit_rates: one(sh.unit) };
}

const base = { direction: "IMPORT", is_variable: false, is_green: false, is_tracker: false, is_prepay: false, is_business: false, is_restricted: false, term: null, available_to: null } as const;

function build(): ProductsFileInput {
  const list: ProductIn[] = [
    {
      ...base, code: "VAR-22-11-01", brand: "OCTOPUS_ENERGY", full_name: "Flexible Octopus November 2022 v1", display_name: "Flexible Octopus",
      description: "Flexible Octopus prices follow wholesale costs and change at most once a quarter.", is_variable: true, available_from: "2022-11-01T00:00:00",
      tariffs: regionalTariffs("VAR-22-11-01", { single: true, dual: true, gas: true }, ["DIRECT_DEBIT", "NON_DIRECT_DEBIT"], (k, r, m) => quarterly(k, r, m)),
    },
    {
      ...base, code: "AGILE-24-10-01", brand: "OCTOPUS_ENERGY", full_name: "Agile Octopus October 2024 v1", display_name: "Agile Octopus",
      description: "Half-hourly prices tied to wholesale prices and published a day ahead.", is_variable: true, is_green: true, term: 12, available_from: "2024-10-01T00:00:00",
      tariffs: regionalTariffs("AGILE-24-10-01", { single: true }, ["DIRECT_DEBIT"], (_k, r) => ({
        standing_charges: quarterly("single", r, null).standing_charges,
        standard_unit_rates: AGILE_WINDOWS.flatMap(([from, to]) => halfHourlyRates(from, to, r)),
      })),
    },
    {
      ...base, code: "SILVER-25-04-01", brand: "OCTOPUS_ENERGY", full_name: "Octopus Tracker April 2025 v1", display_name: "Octopus Tracker",
      description: "Unit prices change every day with the wholesale market.", is_variable: true, is_tracker: true, available_from: "2025-04-01T00:00:00",
      tariffs: regionalTariffs("SILVER-25-04-01", { single: true, gas: true }, ["DIRECT_DEBIT"], (k, r) => ({
        standing_charges: quarterly(k, r, null, { from: 3 }).standing_charges,
        standard_unit_rates: dailyRates("2026-10-01", "2026-12-01", (d) => regional(new Decimal(k === "gas" ? 560 : 2150).plus((d * 37) % 190).div(100), r)),
      })),
    },
    {
      ...base, code: "OE-FIX-12M-26-09-01", brand: "OCTOPUS_ENERGY", full_name: "Octopus 12M Fixed September 2026 v1", display_name: "Octopus 12M Fixed",
      description: "Prices fixed for 12 months; exit fees apply.", term: 12, available_from: "2026-09-01T00:00:00",
      tariffs: regionalTariffs("OE-FIX-12M-26-09-01", { single: true, dual: true, gas: true }, ["DIRECT_DEBIT"], (k, r) => ({
        ...fixed(k, r, "2026-09-01", { single: { unit: "23.95", sc: "48.12" }, gas: { unit: "5.71", sc: "30.88" } }),
        exit_fees_exc_vat: "5000", exit_fees_inc_vat: "5000", exit_fees_type: "PER_FUEL",
      })),
    },
    {
      ...base, code: "PREPAY-VAR-24-04-01", brand: "OCTOPUS_ENERGY", full_name: "Flexible Octopus Prepay April 2024 v1", display_name: "Flexible Octopus Prepay",
      description: "Flexible prices for prepayment meters.", is_variable: true, is_prepay: true, available_from: "2024-04-01T00:00:00",
      tariffs: regionalTariffs("PREPAY-VAR-24-04-01", { single: true, dual: true, gas: true }, ["PREPAYMENT"], (k, r) => quarterly(k, r, null, { uplift: "0.985" })),
    },
    {
      ...base, code: "OUTGOING-VAR-24-10-26", brand: "OCTOPUS_ENERGY", direction: "EXPORT", full_name: "Outgoing Octopus October 2024 v1", display_name: "Outgoing Octopus",
      description: "A fixed price for every kWh exported to the grid.", is_variable: true, is_green: true, available_from: "2024-10-26T00:00:00",
      tariffs: regionalTariffs("OUTGOING-VAR-24-10-26", { single: true }, ["DIRECT_DEBIT"], () => ({
        standing_charges: steppedRates(["2024-10-26"], ["0"], { vatPercent: 0 }),
        standard_unit_rates: steppedRates(["2024-10-26", "2026-04-01"], ["15", "12"], { vatPercent: 0 }),
      })),
    },
    {
      ...base, code: "VAR-21-05-01", brand: "OCTOPUS_ENERGY", full_name: "Flexible Octopus May 2021 v1", display_name: "Flexible Octopus",
      description: "Withdrawn; kept for customers who joined before November 2022.", is_variable: true, available_from: "2021-05-01T00:00:00", available_to: "2022-11-01T00:00:00",
      tariffs: regionalTariffs("VAR-21-05-01", { single: true, gas: true }, ["DIRECT_DEBIT"], (k, r) => quarterly(k, r, null, { uplift: "0.6" })),
    },
    {
      ...base, code: "GV-GREEN-24M-26-06-01", brand: "GREEN_VALLEY_ENERGY", full_name: "Green Valley 24M Fixed Green June 2026", display_name: "Green Valley 24M Fixed",
      description: "Renewable electricity and offset gas, fixed for 24 months.", is_green: true, term: 24, available_from: "2026-06-01T00:00:00",
      tariffs: regionalTariffs("GV-GREEN-24M-26-06-01", { single: true, dual: true, gas: true }, ["DIRECT_DEBIT"], (k, r) =>
        fixed(k, r, "2026-06-01", { single: { unit: "25.10", sc: "49.50" }, gas: { unit: "6.05", sc: "31.20" } })),
    },
    {
      ...base, code: "GV-BUSINESS-VAR-26-01-01", brand: "GREEN_VALLEY_ENERGY", full_name: "Green Valley Business Variable January 2026", display_name: "Green Valley Business",
      description: "Variable prices for small businesses; available through brokers only.", is_variable: true, is_business: true, is_restricted: true, available_from: "2026-01-01T00:00:00",
      tariffs: regionalTariffs("GV-BUSINESS-VAR-26-01-01", { single: true, gas: true }, ["DIRECT_DEBIT", "NON_DIRECT_DEBIT"], (k, r, m) => quarterly(k, r, m, { from: 1, uplift: "1.2" })),
    },
  ];
  return { products: list };
}

let cached: ProductsFileInput | undefined;

/** The demo catalogue in the products-file format (docs/public-api.md); built once per process. */
export function demoProducts(): ProductsFileInput {
  cached ??= build();
  return cached;
}

/** Tariff codes the test fixtures' accounts use; the demo always contains them. */
export const DEMO_TARIFF_CODES = { electricity: "E-1R-VAR-22-11-01-C", gas: "G-1R-VAR-22-11-01-C" } as const;

/** Loads the demo catalogue, or only the named products of it (a quicker fixture for tests). */
export function loadDemoProducts(ctx: Ctx, opts: { only?: string[] } = {}) {
  const all = demoProducts();
  return loadProducts(ctx, opts.only ? { products: all.products.filter((p) => opts.only!.includes(p.code)) } : all);
}
