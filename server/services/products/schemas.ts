import { z } from "zod";
import {
  EXIT_FEE_TYPES,
  PAYMENT_METHODS,
  PRODUCT_DIRECTIONS,
  type PaymentMethod,
  type RateType,
  TARIFF_REGIONS,
} from "@/db/schema";
import { parseLondonDateTime } from "../../lib/time";
import { Text } from "../../lib/validators";

/** A string matching `re`, failing with a stable code. */
const matching = (re: RegExp, message: string, code: string) =>
  z.string().refine((s) => re.test(s), { message, params: { code } });

/** Money in the products file is a decimal string (pence), never a JSON number. */
export const DecimalString = matching(
  /^-?\d{1,6}(\.\d{1,6})?$/,
  'A decimal string with at most 6 digits before and 6 after the point, e.g. "24.5025".',
  "invalid_decimal",
);

/** ISO 8601; without an offset it is Europe/London wall time. */
const DateTime = z
  .string()
  .refine((s) => parseLondonDateTime(s) !== null, {
    message: "Enter a valid ISO 8601 datetime.",
    params: { code: "invalid_datetime" },
  })
  .transform((s) => parseLondonDateTime(s)!);

export const ProductCode = z
  .string()
  .max(64)
  .pipe(
    matching(
      /^[A-Z0-9]+(-[A-Z0-9]+)*$/,
      "Upper-case letters and digits separated by single hyphens.",
      "invalid_product_code",
    ),
  );

export const TariffCode = z
  .string()
  .max(80)
  .pipe(
    matching(
      /^[EG]-[12]R-[A-Z0-9]+(-[A-Z0-9]+)*-[A-P]$/,
      "A tariff code looks like E-1R-<PRODUCT>-<REGION>, E-2R-... or G-1R-...",
      "invalid_tariff_code",
    ),
  );

export const RateInput = z
  .strictObject({
    value_exc_vat: DecimalString,
    value_inc_vat: DecimalString,
    valid_from: DateTime,
    valid_to: DateTime.nullable().default(null),
    payment_method: z.enum(PAYMENT_METHODS).nullable().default(null),
  })
  .refine((r) => r.valid_to === null || r.valid_to > r.valid_from, {
    message: "valid_to must be later than valid_from.",
    path: ["valid_to"],
    params: { code: "start_date_later_than_end_date" },
  });
export type RateInput = z.infer<typeof RateInput>;

/** File key of each rate list and the rate type it loads. */
export const RATE_LISTS = {
  standing_charges: "standing_charge",
  standard_unit_rates: "standard_unit_rate",
  day_unit_rates: "day_unit_rate",
  night_unit_rates: "night_unit_rate",
} as const satisfies Record<string, RateType>;
export type RateList = keyof typeof RATE_LISTS;

const Rates = z.array(RateInput).max(500_000).default([]);

export const TariffInput = z.strictObject({
  code: TariffCode,
  payment_methods: z.array(z.enum(PAYMENT_METHODS)).min(1).max(3).default(["DIRECT_DEBIT"]),
  online_discount_exc_vat: DecimalString.default("0"),
  online_discount_inc_vat: DecimalString.default("0"),
  dual_fuel_discount_exc_vat: DecimalString.default("0"),
  dual_fuel_discount_inc_vat: DecimalString.default("0"),
  exit_fees_exc_vat: DecimalString.default("0"),
  exit_fees_inc_vat: DecimalString.default("0"),
  exit_fees_type: z.enum(EXIT_FEE_TYPES).default("NONE"),
  standing_charges: Rates,
  standard_unit_rates: Rates,
  day_unit_rates: Rates,
  night_unit_rates: Rates,
});
export type TariffInput = z.infer<typeof TariffInput>;

export const ProductInput = z.strictObject({
  code: ProductCode,
  direction: z.enum(PRODUCT_DIRECTIONS).default("IMPORT"),
  full_name: Text(200),
  display_name: Text(200),
  description: z.string().trim().max(5000).default(""),
  is_variable: z.boolean().default(false),
  is_green: z.boolean().default(false),
  is_tracker: z.boolean().default(false),
  is_prepay: z.boolean().default(false),
  is_business: z.boolean().default(false),
  is_restricted: z.boolean().default(false),
  term: z.number().int().min(1).max(120).nullable().default(null),
  available_from: DateTime,
  available_to: DateTime.nullable().default(null),
  brand: matching(
    /^[A-Z0-9_]{1,64}$/,
    "Upper-case letters, digits and underscores, e.g. OCTOPUS_ENERGY.",
    "invalid_brand",
  ),
  tariffs: z.array(TariffInput).max(1000).default([]),
});
export type ProductInput = z.infer<typeof ProductInput>;

export const ProductsFile = z
  .strictObject({ products: z.array(ProductInput).min(1).max(2000) })
  .superRefine((file, ctx) => {
    const productAt = new Map<string, number>();
    const tariffAt = new Map<string, string>();
    file.products.forEach((p, i) => {
      const at = ["products", i];
      if (productAt.has(p.code))
        issue(
          ctx,
          [...at, "code"],
          "duplicate_product_code",
          `Product ${p.code} appears twice (first at products.${productAt.get(p.code)}).`,
        );
      else productAt.set(p.code, i);
      if (p.available_to && p.available_to <= p.available_from) {
        issue(
          ctx,
          [...at, "available_to"],
          "start_date_later_than_end_date",
          "available_to must be later than available_from.",
        );
      }
      p.tariffs.forEach((t, j) => {
        const tAt = [...at, "tariffs", j];
        if (tariffAt.has(t.code))
          issue(
            ctx,
            [...tAt, "code"],
            "duplicate_tariff_code",
            `Tariff ${t.code} appears twice (first at ${tariffAt.get(t.code)}).`,
          );
        else tariffAt.set(t.code, tAt.join("."));
        checkTariff(ctx, p, t, tAt);
      });
    });
  });
export type ProductsFile = z.infer<typeof ProductsFile>;
export type ProductsFileInput = z.input<typeof ProductsFile>;

type IssueCtx = z.core.$RefinementCtx;

function issue(ctx: IssueCtx, path: (string | number)[], code: string, message: string) {
  ctx.addIssue({ code: "custom", path, message, params: { code } });
}

export type ParsedTariffCode = { fuel: "electricity" | "gas"; registers: 1 | 2; productCode: string; region: string };

export function parseTariffCode(code: string): ParsedTariffCode | null {
  const m = /^([EG])-([12])R-(.+)-([A-Z])$/.exec(code);
  if (!m) return null;
  return {
    fuel: m[1] === "E" ? "electricity" : "gas",
    registers: Number(m[2]) as 1 | 2,
    productCode: m[3],
    region: m[4],
  };
}

/** Which rate lists a tariff of this shape carries. */
export function rateListsFor(t: Pick<ParsedTariffCode, "fuel" | "registers">): RateList[] {
  return t.registers === 2
    ? ["standing_charges", "day_unit_rates", "night_unit_rates"]
    : ["standing_charges", "standard_unit_rates"];
}

function checkTariff(ctx: IssueCtx, p: ProductInput, t: TariffInput, at: (string | number)[]) {
  const parsed = parseTariffCode(t.code);
  if (!parsed) return;
  if (parsed.productCode !== p.code)
    issue(
      ctx,
      [...at, "code"],
      "tariff_product_mismatch",
      `Tariff ${t.code} does not belong to product ${p.code}: expected ${t.code[0]}-${parsed.registers}R-${p.code}-${parsed.region}.`,
    );
  if (!(TARIFF_REGIONS as readonly string[]).includes(parsed.region))
    issue(
      ctx,
      [...at, "code"],
      "invalid_region",
      `Region ${parsed.region} does not exist: GSP regions are A to P without I and O.`,
    );
  if (parsed.fuel === "gas" && parsed.registers !== 1)
    issue(ctx, [...at, "code"], "invalid_tariff_code", "Gas tariffs are single register (G-1R-...).");
  if (p.direction === "EXPORT" && parsed.fuel === "gas")
    issue(ctx, [...at, "code"], "invalid_tariff_code", "An export product has no gas tariffs.");
  if (new Set(t.payment_methods).size !== t.payment_methods.length)
    issue(ctx, [...at, "payment_methods"], "duplicate_payment_method", "A payment method is listed twice.");
  const allowed = rateListsFor(parsed);
  for (const list of Object.keys(RATE_LISTS) as RateList[]) {
    const rates = t[list];
    if (!rates.length) continue;
    if (!allowed.includes(list)) {
      issue(
        ctx,
        [...at, list],
        "rate_type_not_applicable",
        `A ${parsed.registers === 2 ? "dual" : "single"}-register tariff has ${allowed.join(", ")}, not ${list}.`,
      );
      continue;
    }
    rates.forEach((r, k) => {
      if (r.payment_method && !t.payment_methods.includes(r.payment_method)) {
        issue(
          ctx,
          [...at, list, k, "payment_method"],
          "invalid_choice",
          `Payment method ${r.payment_method} is not one of this tariff's payment_methods (${t.payment_methods.join(", ")}).`,
        );
      }
    });
    for (const [a, b] of findOverlaps(rates, t.payment_methods)) {
      const describe = (r: RateInput) => `${r.valid_from.toISOString()}–${r.valid_to?.toISOString() ?? "open"}`;
      issue(
        ctx,
        [...at, list, b, "valid_from"],
        "overlapping_rate_period",
        `This rate (${describe(rates[b])}) overlaps ${list}.${a} (${describe(rates[a])}) for the same payment method.`,
      );
    }
  }
}

/**
 * Pairs of indexes whose periods overlap for one payment method; a rate with no payment
 * method applies to all of them. Sorted by start, an overlap always shows between neighbours.
 */
export function findOverlaps(
  rates: Pick<RateInput, "valid_from" | "valid_to" | "payment_method">[],
  methods: readonly PaymentMethod[],
): [number, number][] {
  const found = new Map<string, [number, number]>();
  const groups: (PaymentMethod | null)[] = [null, ...methods];
  for (const pm of groups) {
    const idx = rates
      .map((_, i) => i)
      .filter((i) => rates[i].payment_method === null || (pm !== null && rates[i].payment_method === pm));
    idx.sort((x, y) => rates[x].valid_from.getTime() - rates[y].valid_from.getTime() || x - y);
    for (let n = 1; n < idx.length; n++) {
      const prev = rates[idx[n - 1]];
      const cur = rates[idx[n]];
      if (prev.valid_to === null || prev.valid_to > cur.valid_from)
        found.set(`${idx[n - 1]}:${idx[n]}`, [idx[n - 1], idx[n]]);
    }
  }
  return [...found.values()];
}
