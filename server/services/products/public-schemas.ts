import { z } from "zod";
import { EXIT_FEE_TYPES, PAYMENT_METHODS, PRODUCT_DIRECTIONS, TARIFF_REGIONS } from "@/db/schema";
import { parseLondonDateTime } from "../../lib/time";

/**
 * Query and response schemas of the public tariff API. Query schemas stay string-typed
 * (no transforms) so the OpenAPI builder can render them; services convert the values.
 */
export const MAX_PAGE_SIZE = 1500;
export const DEFAULT_PAGE_SIZE = 100;

/** A `+` in an unencoded offset arrives as a space (`...T01:00:00 01:00`); read it back as `+`. */
export function normaliseQueryDateTime(s: string): string {
  return s.trim().replace(/^(\S+[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:?\d{2})$/, "$1+$2");
}

export function parseQueryDateTime(s: string | undefined): Date | undefined {
  return s === undefined ? undefined : (parseLondonDateTime(normaliseQueryDateTime(s)) ?? undefined);
}

const QueryDateTime = z
  .string()
  .refine((s) => parseQueryDateTime(s) !== undefined, {
    message: "Enter an ISO 8601 datetime, e.g. 2026-03-29T01:30:00Z; without an offset it is Europe/London time.",
    params: { code: "invalid_datetime" },
  })
  .meta({ format: "date-time" });

const QueryBoolean = z.enum(["true", "false", "True", "False", "1", "0"], { message: "Use true or false." });
export const queryBoolean = (v: string | undefined) => (v === undefined ? undefined : v === "true" || v === "True" || v === "1");

const PositiveInt = (max: number, what: string) =>
  z.string().refine((s) => /^\d{1,9}$/.test(s) && Number(s) >= 1 && Number(s) <= max, {
    message: `${what} must be a whole number from 1 to ${max}.`,
    params: { code: "invalid_integer" },
  });

const Paging = {
  page: PositiveInt(1_000_000_000, "page").optional().describe("1-based page number; `next` and `previous` carry it."),
  page_size: PositiveInt(MAX_PAGE_SIZE, "page_size").optional().describe(`Results per page; default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}.`),
};

export const ProductListQuery = z.object({
  brand: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, { message: "A brand code such as OCTOPUS_ENERGY." }).optional(),
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

const IsoDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/).meta({ format: "date-time" });

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
export const SingleRegisterTariff = z.strictObject({ ...TariffBase, standard_unit_rate_exc_vat: z.number(), standard_unit_rate_inc_vat: z.number() });
export const DualRegisterTariff = z.strictObject({
  ...TariffBase,
  day_unit_rate_exc_vat: z.number(),
  day_unit_rate_inc_vat: z.number(),
  night_unit_rate_exc_vat: z.number(),
  night_unit_rate_inc_vat: z.number(),
});

export const PAYMENT_METHOD_KEYS = { DIRECT_DEBIT: "direct_debit_monthly", NON_DIRECT_DEBIT: "varying", PREPAYMENT: "prepayment" } as const;
const RegionKey = z.enum(TARIFF_REGIONS.map((r) => `_${r}`) as [string, ...string[]]);
const MethodKey = z.enum(Object.values(PAYMENT_METHOD_KEYS));
const ByRegion = <T extends z.ZodType>(entry: T) => z.partialRecord(RegionKey, z.partialRecord(MethodKey, entry));

export const ProductDetail = ProductListItem.extend({
  tariffs_active_at: IsoDateTime,
  single_register_electricity_tariffs: ByRegion(SingleRegisterTariff),
  dual_register_electricity_tariffs: ByRegion(DualRegisterTariff),
  single_register_gas_tariffs: ByRegion(SingleRegisterTariff),
  dual_register_gas_tariffs: ByRegion(DualRegisterTariff).describe("Always empty: gas tariffs are single register."),
});

export const UnitRate = z.strictObject({
  value_exc_vat: z.number(),
  value_inc_vat: z.number(),
  valid_from: IsoDateTime,
  valid_to: IsoDateTime.nullable().describe("null: open-ended."),
  payment_method: z.enum(PAYMENT_METHODS).nullable().describe("null: applies to every payment method of the tariff."),
});

export const Page = <T extends z.ZodType>(item: T) =>
  z.strictObject({ count: z.number().int().min(0), next: z.url().nullable(), previous: z.url().nullable(), results: z.array(item) });

export const ProductPage = Page(ProductListItem);
export const UnitRatePage = Page(UnitRate);
