import { z } from "zod";
import { EXIT_FEE_TYPES, PAYMENT_METHODS, PRODUCT_DIRECTIONS, TARIFF_REGIONS } from "@/db/schema";
import { parseLondonDateTime } from "../../lib/time";

/**
 * Query and response schemas of the public tariff API. Query schemas stay string-typed
 * (no transforms) so the OpenAPI builder can render them; services convert the values.
 */
export const MAX_PAGE_SIZE = 1500;
export const DEFAULT_PAGE_SIZE = 100;

// Django's parse_datetime, which production reads these with: one-digit fields, up to 12
// fraction digits after `.` or `,`, spaces before the offset, an hours-only offset.
const DJANGO_DATETIME =
  /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,](\d{1,6})\d{0,6})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const pad2 = (n: string) => n.padStart(2, "0");

/**
 * A query datetime in the one form the parser reads. A `+` in an unencoded offset arrives
 * as a space (`...T01:00:00 01:00`) and is read back as `+`; .NET's 7-digit and NodaTime's
 * 9-digit fractions are cut to milliseconds (cut, not rounded, so .9999 stays in its second).
 */
export function normaliseQueryDateTime(s: string): string {
  const t = s.trim().replace(/^(\S+[T ]\d{1,2}:\d{1,2}(?::\d{1,2}(?:[.,]\d+)?)?) (\d{2}(?::?\d{2})?)$/, "$1+$2");
  const m = DJANGO_DATETIME.exec(t);
  if (!m) return t;
  const [, y, mo, d, h, mi, sec, frac, tz] = m;
  const offset = tz === undefined ? "" : tz.length === 3 ? `${tz}:00` : tz;
  return `${y}-${pad2(mo)}-${pad2(d)}T${pad2(h)}:${pad2(mi)}:${pad2(sec ?? "0")}${frac ? `.${frac.slice(0, 3)}` : ""}${offset}`;
}

/** An empty (or all-space) filter value counts as absent, as django-filter treats it. */
export function present(s: string | undefined): string | undefined {
  return s === undefined || s.trim() === "" ? undefined : s;
}

// 400 Gregorian years are exactly 146,097 days: an early year is read 400 years later and moved back.
const FOUR_CENTURIES_MS = 146_097 * 86_400_000;

export function parseQueryDateTime(s: string | undefined): Date | undefined {
  const value = present(s);
  if (value === undefined) return undefined;
  const normalised = normaliseQueryDateTime(value);
  // The parser reads years from 0100 (JavaScript's Date.UTC maps 0-99 to 1900-1999), but
  // the documented range starts at year 1 and Python clients send datetime.min
  // (0001-01-01T00:00:00). Without an offset such a year is read as UTC: London then kept
  // local mean time, 75 seconds off UTC, which would push 0001-01-01 into year 0.
  const early = /^00(\d\d)-/.exec(normalised);
  if (!early) return parseLondonDateTime(normalised) ?? undefined;
  const withOffset = /T.*(?:Z|[+-]\d\d:?\d\d)$/.test(normalised)
    ? normalised
    : `${normalised.length === 10 ? `${normalised}T00:00:00` : normalised}Z`;
  const shifted = parseLondonDateTime(`04${early[1]}${withOffset.slice(4)}`);
  const t = shifted ? new Date(shifted.getTime() - FOUR_CENTURIES_MS) : null;
  return t && t.getUTCFullYear() >= 1 ? t : undefined;
}

export const QueryDateTime = z
  .string()
  .refine((s) => present(s) === undefined || parseQueryDateTime(s) !== undefined, {
    message:
      "Enter an ISO 8601 datetime from year 1 to 9999, e.g. 2026-03-29T01:30:00Z; without an offset it is Europe/London time.",
    params: { code: "invalid_datetime" },
  })
  .meta({ format: "date-time" });

const BOOLEANS = ["true", "false", "True", "False", "1", "0"];
const QueryBoolean = z
  .string()
  .refine((s) => present(s) === undefined || BOOLEANS.includes(s), {
    message: "Use true or false.",
    params: { code: "invalid_choice" },
  })
  .meta({ enum: [...BOOLEANS, ""] });
export const queryBoolean = (v: string | undefined) =>
  present(v) === undefined ? undefined : v === "true" || v === "True" || v === "1";

// Never a 400: page-params.ts reads them as Django REST framework does.
const Paging = {
  page: z
    .string()
    .optional()
    .describe(
      "1-based page number, or `last`; `next` and `previous` carry it. Anything else, or a page past the end, is a 404 invalid_page.",
    ),
  page_size: z
    .string()
    .optional()
    .describe(
      `Results per page; default ${DEFAULT_PAGE_SIZE}. A larger value than ${MAX_PAGE_SIZE} is capped at ${MAX_PAGE_SIZE}; zero, negative or not a number gives the default.`,
    ),
};

export const ProductListQuery = z.object({
  brand: z
    .string()
    .regex(/^(?:[A-Za-z0-9_]{1,64}|\s*)$/, { message: "A brand code such as OCTOPUS_ENERGY." })
    .optional()
    .describe("Empty: every brand."),
  is_green: QueryBoolean.optional(),
  is_prepay: QueryBoolean.optional(),
  is_variable: QueryBoolean.optional(),
  is_business: QueryBoolean.optional(),
  is_tracker: QueryBoolean.optional(),
  available_at: QueryDateTime.optional().describe("Products available at this time; default now."),
  ...Paging,
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductDetailQuery = z.object({
  tariffs_active_at: QueryDateTime.optional().describe("Show the prices in force at this time; default now."),
});

export const RatesQuery = z.object({
  period_from: QueryDateTime.optional().describe("Inclusive start; rates still in force at this time are included."),
  period_to: QueryDateTime.optional().describe("Exclusive end."),
  ...Paging,
});
export type RatesQuery = z.infer<typeof RatesQuery>;

// Responses

const IsoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
  .meta({ format: "date-time" });

export const Link = z.strictObject({ href: z.url(), method: z.literal("GET"), rel: z.string() });

export const ProductListItem = z.strictObject({
  code: z.string(),
  direction: z.enum(PRODUCT_DIRECTIONS),
  full_name: z.string(),
  display_name: z.string(),
  description: z.string(),
  is_variable: z.boolean(),
  is_green: z.boolean(),
  is_tracker: z.boolean(),
  is_prepay: z.boolean(),
  is_business: z.boolean(),
  is_restricted: z.boolean(),
  term: z.number().int().nullable().describe("Contract length in months; null when not fixed-term."),
  available_from: IsoDateTime,
  available_to: IsoDateTime.nullable(),
  links: z.array(Link),
  brand: z.string(),
});

const TariffBase = {
  code: z.string(),
  standing_charge_exc_vat: z.number(),
  standing_charge_inc_vat: z.number(),
  online_discount_exc_vat: z.number(),
  online_discount_inc_vat: z.number(),
  dual_fuel_discount_exc_vat: z.number(),
  dual_fuel_discount_inc_vat: z.number(),
  exit_fees_exc_vat: z.number(),
  exit_fees_inc_vat: z.number(),
  exit_fees_type: z.enum(EXIT_FEE_TYPES),
  links: z.array(Link),
};
export const SingleRegisterTariff = z.strictObject({
  ...TariffBase,
  standard_unit_rate_exc_vat: z.number(),
  standard_unit_rate_inc_vat: z.number(),
});
export const DualRegisterTariff = z.strictObject({
  ...TariffBase,
  day_unit_rate_exc_vat: z.number(),
  day_unit_rate_inc_vat: z.number(),
  night_unit_rate_exc_vat: z.number(),
  night_unit_rate_inc_vat: z.number(),
});

export const PAYMENT_METHOD_KEYS = {
  DIRECT_DEBIT: "direct_debit_monthly",
  NON_DIRECT_DEBIT: "varying",
  PREPAYMENT: "prepayment",
} as const;
const RegionKey = z.enum(TARIFF_REGIONS.map((r) => `_${r}`) as [string, ...string[]]);
const MethodKey = z.enum(Object.values(PAYMENT_METHOD_KEYS));
const ByRegion = <T extends z.ZodType>(entry: T) => z.partialRecord(RegionKey, z.partialRecord(MethodKey, entry));

const AnnualCost = z
  .strictObject({ annual_cost_inc_vat: z.number().int(), annual_cost_exc_vat: z.number().int() })
  .describe("Pence a year.");
export const SampleQuote = z
  .strictObject({
    electricity_single_rate: AnnualCost,
    electricity_dual_rate: AnnualCost.optional().describe(
      "When the region has a dual-register tariff for this payment method.",
    ),
    dual_fuel_single_rate: AnnualCost.optional().describe(
      "When the region also has a gas tariff for this payment method.",
    ),
    dual_fuel_dual_rate: AnnualCost.optional(),
  })
  .describe(
    "Annual cost of sample_consumption: 365 days of standing charge plus kWh times unit rate, rounded once to whole pence.",
  );
const Kwh = z.number().int();
export const SampleConsumption = z.strictObject({
  electricity_single_rate: z.strictObject({ electricity_standard: Kwh }),
  electricity_dual_rate: z.strictObject({ electricity_day: Kwh, electricity_night: Kwh }),
  dual_fuel_single_rate: z.strictObject({ electricity_standard: Kwh, gas_standard: Kwh }),
  dual_fuel_dual_rate: z.strictObject({ electricity_day: Kwh, electricity_night: Kwh, gas_standard: Kwh }),
});

export const ProductDetail = ProductListItem.extend({
  tariffs_active_at: IsoDateTime,
  single_register_electricity_tariffs: ByRegion(SingleRegisterTariff),
  dual_register_electricity_tariffs: ByRegion(DualRegisterTariff),
  single_register_gas_tariffs: ByRegion(SingleRegisterTariff),
  sample_quotes: ByRegion(SampleQuote),
  sample_consumption: SampleConsumption.describe(
    "Yearly kWh the sample quotes are priced for; the same for every product.",
  ),
});

export const UnitRate = z.strictObject({
  value_exc_vat: z.number(),
  value_inc_vat: z.number(),
  valid_from: IsoDateTime,
  valid_to: IsoDateTime.nullable().describe("null: open-ended."),
  payment_method: z.enum(PAYMENT_METHODS).nullable().describe("null: applies to every payment method of the tariff."),
});

export const Page = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    count: z.number().int().min(0),
    next: z.url().nullable(),
    previous: z.url().nullable(),
    results: z.array(item),
  });

export const ProductPage = Page(ProductListItem);
export const UnitRatePage = Page(UnitRate);
