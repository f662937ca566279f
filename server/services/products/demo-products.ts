import Decimal from "decimal.js";
import { type PaymentMethod, TARIFF_REGIONS } from "@/db/schema";
import type { Ctx } from "../../context";
import { addDays, formatLondonDate } from "../../lib/time";
import {
  HISTORY_DAYS,
  halfHourlyPeriods,
  publishedThrough,
  quarterOf,
  quarterStart,
  quarterWindow,
} from "./demo-calendar";
import { dailyRates, dayNumber, halfHourlyRates, regional, steppedRates } from "./demo-rates";
import { loadProducts } from "./load-products";
import type { ProductsFileInput } from "./schemas";

type ProductIn = ProductsFileInput["products"][number];
type TariffIn = NonNullable<ProductIn["tariffs"]>[number];

/**
 * Price-cap quarters: every variable product changes price at London midnight on the first
 * day of each quarter. Prices cycle through these five, the first for October 2025.
 */
const ELEC_UNIT = ["24.50", "25.73", "24.86", "25.73", "26.35"];
const ELEC_SC = ["51.37", "53.80", "51.37", "51.37", "53.68"];
const GAS_UNIT = ["6.24", "6.34", "6.99", "6.33", "5.93"];
const GAS_SC = ["31.65", "31.66", "32.67", "33.18", "34.03"];
const CYCLE_START = quarterOf("2025-10-01");
const cycled = (values: string[], q: number) =>
  values[(((q - CYCLE_START) % values.length) + values.length) % values.length];

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
    return {
      ...parts[0],
      payment_methods: methods,
      ...Object.fromEntries(lists.map((l) => [l, parts.flatMap((p) => p[l] ?? [])])),
    };
  };
  return TARIFF_REGIONS.flatMap((region, r) => [
    ...(fuels.single ? [{ code: `E-1R-${product}-${region}`, ...merge("single", r) }] : []),
    ...(fuels.dual ? [{ code: `E-2R-${product}-${region}`, ...merge("dual", r) }] : []),
    ...(fuels.gas ? [{ code: `G-1R-${product}-${region}`, ...merge("gas", r) }] : []),
  ]);
}

/** The quarters priced at `now` (four back through the next), none before `notBefore`. */
function quarterStarts(now: Date, notBefore = "0001-01-01"): { starts: string[]; quarters: number[]; endsAt: string } {
  const { first, last } = quarterWindow(now);
  const quarters: number[] = [];
  for (let q = first; q <= last; q++) if (quarterStart(q + 1) > notBefore) quarters.push(q);
  const starts = quarters.map((q) => (quarterStart(q) < notBefore ? notBefore : quarterStart(q)));
  return { starts, quarters, endsAt: quarterStart(last + 1) };
}

/** Quarterly price-cap style rates; the non-direct-debit price is 5% higher. */
function quarterly(
  now: Date,
  kind: "single" | "dual" | "gas",
  r: number,
  method: PaymentMethod | null,
  opts: { notBefore?: string; uplift?: string } = {},
) {
  const { starts, quarters, endsAt } = quarterStarts(now, opts.notBefore);
  const factor = new Decimal(method === "NON_DIRECT_DEBIT" ? "1.05" : "1").mul(opts.uplift ?? "1");
  const series = (values: string[], scale = "1") =>
    quarters.map((q) => regional(new Decimal(cycled(values, q)).mul(factor).mul(scale), r));
  const o = { paymentMethod: method, endsAt };
  if (kind === "gas")
    return {
      standing_charges: steppedRates(starts, series(GAS_SC), o),
      standard_unit_rates: steppedRates(starts, series(GAS_UNIT), o),
    };
  if (kind === "dual") {
    return {
      standing_charges: steppedRates(starts, series(ELEC_SC), o),
      day_unit_rates: steppedRates(starts, series(ELEC_UNIT, "1.12"), o),
      night_unit_rates: steppedRates(starts, series(ELEC_UNIT, "0.58"), o),
    };
  }
  return {
    standing_charges: steppedRates(starts, series(ELEC_SC), o),
    standard_unit_rates: steppedRates(starts, series(ELEC_UNIT), o),
  };
}

/** Outgoing's export price: 15p until April 2026, then 12p set a quarter at a time. */
function outgoingRates(now: Date) {
  const { starts, endsAt } = quarterStarts(now, "2026-04-01");
  const first =
    !starts.length || starts[0] === "2026-04-01"
      ? steppedRates(["2024-10-26"], ["15"], { vatPercent: 0, endsAt: "2026-04-01" })
      : [];
  return [
    ...first,
    ...steppedRates(
      starts,
      starts.map(() => "12"),
      { vatPercent: 0, endsAt },
    ),
  ];
}

/** Day-ahead prices: half-hourly (Agile) or daily (Tracker), on the days published at `now`. */
function agileRates(now: Date, r: number) {
  return halfHourlyPeriods(now).flatMap(([from, to]) => halfHourlyRates(from, to, r));
}

function trackerRates(now: Date, kind: "single" | "gas", r: number) {
  const last = publishedThrough(now);
  const from = addDays(formatLondonDate(now), -HISTORY_DAYS);
  return dailyRates(from, addDays(last, 1), (d) =>
    regional(new Decimal(kind === "gas" ? 560 : 2150).plus((dayNumber(d) * 37) % 190).div(100), r),
  );
}

/** One price from `from` with no end date (fixed-term products). */
function fixed(kind: "single" | "dual" | "gas", r: number, from: string, s: Record<"single" | "gas", Shape>) {
  const sh = kind === "gas" ? s.gas : s.single;
  const one = (v: Decimal.Value) => steppedRates([from], [regional(v, r)]);
  if (kind === "dual")
    return {
      standing_charges: one(sh.sc),
      day_unit_rates: one(new Decimal(sh.unit).mul("1.12")),
      night_unit_rates: one(new Decimal(sh.unit).mul("0.58")),
    };
  return { standing_charges: one(sh.sc), standard_unit_rates: one(sh.unit) };
}

const base = {
  direction: "IMPORT",
  is_variable: false,
  is_green: false,
  is_tracker: false,
  is_prepay: false,
  is_business: false,
  is_restricted: false,
  term: null,
  available_to: null,
} as const;

/**
 * Each demo product, built when asked for: a fixture that needs one product does not build
 * Agile's thousands of half-hourly rates (most of a test file's set-up, ADR 0503).
 */
const PRODUCTS: Record<(typeof DEMO_PRODUCT_CODES)[number], (now: Date) => ProductIn> = {
  "VAR-22-11-01": (now) => ({
    ...base,
    code: "VAR-22-11-01",
    brand: "OCTOPUS_ENERGY",
    full_name: "Flexible Octopus",
    display_name: "Flexible Octopus",
    description: "Flexible Octopus prices follow wholesale costs and change at most once a quarter.",
    is_variable: true,
    available_from: "2022-11-01T00:00:00",
    tariffs: regionalTariffs(
      "VAR-22-11-01",
      { single: true, dual: true, gas: true },
      ["DIRECT_DEBIT", "NON_DIRECT_DEBIT"],
      (k, r, m) => quarterly(now, k, r, m),
    ),
  }),
  "AGILE-24-10-01": (now) => ({
    ...base,
    code: "AGILE-24-10-01",
    brand: "OCTOPUS_ENERGY",
    full_name: "Agile Octopus October 2024 v1",
    display_name: "Agile Octopus",
    description: "Half-hourly prices tied to wholesale prices and published a day ahead.",
    is_variable: true,
    is_green: true,
    term: 12,
    available_from: "2024-10-01T00:00:00",
    tariffs: regionalTariffs("AGILE-24-10-01", { single: true }, ["DIRECT_DEBIT"], (_k, r) => ({
      standing_charges: quarterly(now, "single", r, null, { notBefore: "2024-10-01" }).standing_charges,
      standard_unit_rates: agileRates(now, r),
    })),
  }),
  "SILVER-25-04-01": (now) => ({
    ...base,
    code: "SILVER-25-04-01",
    brand: "OCTOPUS_ENERGY",
    full_name: "Octopus Tracker April 2025 v1",
    display_name: "Octopus Tracker",
    description: "Unit prices change every day with the wholesale market.",
    is_variable: true,
    is_tracker: true,
    available_from: "2025-04-01T00:00:00",
    tariffs: regionalTariffs("SILVER-25-04-01", { single: true, gas: true }, ["DIRECT_DEBIT"], (k, r) => ({
      standing_charges: quarterly(now, k, r, null, { notBefore: "2025-04-01" }).standing_charges,
      standard_unit_rates: trackerRates(now, k === "gas" ? "gas" : "single", r),
    })),
  }),
  "OE-FIX-12M-26-09-01": (_now) => ({
    ...base,
    code: "OE-FIX-12M-26-09-01",
    brand: "OCTOPUS_ENERGY",
    full_name: "Octopus 12M Fixed September 2026 v1",
    display_name: "Octopus 12M Fixed",
    description: "Prices fixed for 12 months; exit fees apply.",
    term: 12,
    available_from: "2026-09-01T00:00:00",
    tariffs: regionalTariffs(
      "OE-FIX-12M-26-09-01",
      { single: true, dual: true, gas: true },
      ["DIRECT_DEBIT"],
      (k, r) => ({
        ...fixed(k, r, "2026-09-01", { single: { unit: "23.95", sc: "48.12" }, gas: { unit: "5.71", sc: "30.88" } }),
        exit_fees_exc_vat: "5000",
        exit_fees_inc_vat: "5000",
        exit_fees_type: "PER_FUEL",
      }),
    ),
  }),
  "PREPAY-VAR-24-04-01": (now) => ({
    ...base,
    code: "PREPAY-VAR-24-04-01",
    brand: "OCTOPUS_ENERGY",
    full_name: "Octopus Key and Card",
    display_name: "Octopus Key and Card",
    description: "Flexible prices for prepayment meters.",
    is_variable: true,
    is_prepay: true,
    available_from: "2024-04-01T00:00:00",
    tariffs: regionalTariffs("PREPAY-VAR-24-04-01", { single: true, dual: true, gas: true }, ["PREPAYMENT"], (k, r) =>
      quarterly(now, k, r, null, { uplift: "0.985" }),
    ),
  }),
  "OUTGOING-VAR-24-10-26": (now) => ({
    ...base,
    code: "OUTGOING-VAR-24-10-26",
    brand: "OCTOPUS_ENERGY",
    direction: "EXPORT",
    full_name: "Outgoing Octopus October 2024 v1",
    display_name: "Outgoing Octopus",
    description: "A fixed price for every kWh exported to the grid.",
    is_variable: true,
    is_green: true,
    available_from: "2024-10-26T00:00:00",
    tariffs: regionalTariffs("OUTGOING-VAR-24-10-26", { single: true }, ["DIRECT_DEBIT"], () => ({
      standing_charges: steppedRates(["2024-10-26"], ["0"], { vatPercent: 0 }),
      standard_unit_rates: outgoingRates(now),
    })),
  }),
  "VAR-21-05-01": (now) => ({
    ...base,
    code: "VAR-21-05-01",
    brand: "OCTOPUS_ENERGY",
    full_name: "Flexible Octopus May 2021 v1",
    display_name: "Flexible Octopus",
    description: "Withdrawn; kept for customers who joined before November 2022.",
    is_variable: true,
    available_from: "2021-05-01T00:00:00",
    available_to: "2022-11-01T00:00:00",
    tariffs: regionalTariffs("VAR-21-05-01", { single: true, gas: true }, ["DIRECT_DEBIT"], (k, r) =>
      quarterly(now, k, r, null, { uplift: "0.6" }),
    ),
  }),
  "GV-GREEN-24M-26-06-01": (_now) => ({
    ...base,
    code: "GV-GREEN-24M-26-06-01",
    brand: "GREEN_VALLEY_ENERGY",
    full_name: "Green Valley 24M Fixed Green June 2026",
    display_name: "Green Valley 24M Fixed",
    description: "Renewable electricity and offset gas, fixed for 24 months.",
    is_green: true,
    term: 24,
    available_from: "2026-06-01T00:00:00",
    tariffs: regionalTariffs(
      "GV-GREEN-24M-26-06-01",
      { single: true, dual: true, gas: true },
      ["DIRECT_DEBIT"],
      (k, r) =>
        fixed(k, r, "2026-06-01", { single: { unit: "25.10", sc: "49.50" }, gas: { unit: "6.05", sc: "31.20" } }),
    ),
  }),
  "GV-BUSINESS-VAR-26-01-01": (now) => ({
    ...base,
    code: "GV-BUSINESS-VAR-26-01-01",
    brand: "GREEN_VALLEY_ENERGY",
    full_name: "Green Valley Business Variable January 2026",
    display_name: "Green Valley Business",
    description: "Variable prices for small businesses; available through brokers only.",
    is_variable: true,
    is_business: true,
    is_restricted: true,
    available_from: "2026-01-01T00:00:00",
    tariffs: regionalTariffs(
      "GV-BUSINESS-VAR-26-01-01",
      { single: true, gas: true },
      ["DIRECT_DEBIT", "NON_DIRECT_DEBIT"],
      (k, r, m) => quarterly(now, k, r, m, { notBefore: "2026-01-01", uplift: "1.2" }),
    ),
  }),
};

function build(now: Date, only?: readonly string[]): ProductsFileInput {
  return {
    products: DEMO_PRODUCT_CODES.filter((code) => !only || only.includes(code)).map((code) => PRODUCTS[code](now)),
  };
}

/**
 * The demo catalogue in the products-file format (docs/public-api.md), its rates relative to
 * `now`: Agile and Tracker prices for the last 30 days through the last published day (tomorrow
 * from 16:00 London), this year's clock-change days once published, and every variable price
 * set from four quarters back through the next quarter. Fixed products keep one open-ended price.
 */
export function demoProducts(now = new Date()): ProductsFileInput {
  return build(now);
}

/** Codes of the demo catalogue's products. */
export const DEMO_PRODUCT_CODES = [
  "VAR-22-11-01",
  "AGILE-24-10-01",
  "SILVER-25-04-01",
  "OE-FIX-12M-26-09-01",
  "PREPAY-VAR-24-04-01",
  "OUTGOING-VAR-24-10-26",
  "VAR-21-05-01",
  "GV-GREEN-24M-26-06-01",
  "GV-BUSINESS-VAR-26-01-01",
] as const;

/** Tariff codes the test fixtures' accounts use; the demo always contains them. */
export const DEMO_TARIFF_CODES = { electricity: "E-1R-VAR-22-11-01-C", gas: "G-1R-VAR-22-11-01-C" } as const;

/**
 * Loads the demo catalogue as at `now` (default: the clock), or only the named products of it
 * (a quicker fixture for tests), marked as demo products for the daily job (demo/refresh-demo-catalogue.ts).
 */
export function loadDemoProducts(ctx: Ctx, opts: { only?: readonly string[]; now?: Date } = {}) {
  return loadProducts(ctx, build(opts.now ?? new Date(), opts.only), { source: "demo" });
}
