import Decimal from "decimal.js";
import fc from "fast-check";
import type { z } from "zod";
import { addDays } from "../../lib/time";
import {
  EnergyCharge,
  EnergyCredit,
  EnergyPayment,
  EnergyRepayment,
  EnergySupplyCharge,
  type TransactionType,
} from "./transaction-schemas";
import { UNIT_TYPES } from "./transaction-enums";

/**
 * fast-check arbitraries of valid production transactions, built from the schemas: every
 * field of each type's zod shape gets one (a field added to a schema without one here fails
 * loudly), enums draw from the schemas' own options, and the cross-field rules hold (line
 * items add up, at most one rate specification, two units, a supply point with a rate code).
 */
export type ArbitraryContext = { today: string; productCode: string; meterSerial: string };

const SCHEMAS: Record<TransactionType, z.ZodObject> = {
  CHARGE: EnergyCharge,
  CREDIT: EnergyCredit,
  PAYMENT: EnergyPayment,
  REPAYMENT: EnergyRepayment,
  SUPPLY_CHARGE: EnergySupplyCharge as unknown as z.ZodObject,
};
export const TYPES = Object.keys(SCHEMAS) as TransactionType[];

/** The enum values a field of a type's schema takes ([] when it is no enum). */
export function enumOptions(type: TransactionType, field: string): string[] {
  let f = SCHEMAS[type].shape[field] as { options?: string[]; unwrap?: () => unknown } | undefined;
  while (f && !f.options && f.unwrap) f = f.unwrap() as typeof f;
  return f?.options ?? [];
}

/** A decimal as production takes it: a string, or a JSON number when it holds exactly. */
const sendDecimal = (d: Decimal) =>
  fc
    .constantFrom<"string" | "number">("string", "number")
    .map((form) => (form === "number" && d.precision(true) <= 15 ? d.toNumber() : d.toFixed()));
/** A decimal of at most `whole` digits and `places` places, from integers so it is exact. */
const decimal = (whole: number, places: number, opts: { min?: number } = {}) =>
  fc
    .tuple(
      fc.bigInt({
        min: BigInt(opts.min ?? -(10 ** Math.min(whole, 9))) * 10n ** BigInt(places),
        max: 10n ** BigInt(Math.min(whole, 9) + places) - 1n,
      }),
      fc.integer({ min: 0, max: places }),
    )
    .map(([k, p]) => new Decimal(k.toString()).div(new Decimal(10).pow(places)).toDecimalPlaces(p));
const text = (max: number) =>
  fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0 && !s.includes("\u0000"));
const dateUpTo = (today: string, daysBack: number) =>
  fc.integer({ min: 0, max: daysBack }).map((d) => addDays(today, -d));

function lineItem(today: string) {
  return fc
    .record({
      start: fc.integer({ min: 31, max: 400 }),
      length: fc.integer({ min: 0, max: 30 }),
      units: decimal(6, 4, { min: 0 }),
      price: fc.option(decimal(2, 7, { min: 0 }), { nil: undefined }),
      net: decimal(6, 2),
      spec: fc.constantFrom("rate_band", "rate_specification_code", "time_series_specification_code", "none"),
      specValue: text(20),
      external: fc.option(text(30), { nil: undefined }),
      twoUnits: fc.option(fc.tuple(decimal(8, 4, { min: 0 }), decimal(8, 4, { min: 0 })), { nil: undefined }),
      params: fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.boolean())), {
        nil: undefined,
      }),
    })
    .chain((g) => {
      // With a price the net is units x price to the penny, as the rule wants.
      const net = g.price ? g.units.times(g.price).toDecimalPlaces(2) : g.net;
      return fc
        .record({
          units: sendDecimal(g.units),
          price: g.price ? sendDecimal(g.price) : fc.constant(undefined),
          netSent: sendDecimal(net),
          u: g.twoUnits ? fc.tuple(sendDecimal(g.twoUnits[0]), sendDecimal(g.twoUnits[1])) : fc.constant(undefined),
        })
        .map((s) => ({
          net,
          item: clean({
            start_date: addDays(today, -g.start),
            end_date: addDays(today, -g.start + g.length),
            number_of_units: s.units,
            price_per_unit: s.price,
            net_amount: s.netSent,
            ...(g.spec === "none" ? {} : { [g.spec]: g.specValue }),
            external_rate_identifier: g.external,
            units: s.u,
            params: g.params,
          }),
        }));
    });
}

const taxItem = fc
  .record({
    amount: decimal(4, 2),
    valueTaxed: decimal(6, 5),
    rate: decimal(1, 5, { min: 0 }),
    taxType: text(10),
    unitType: fc.constantFrom(...UNIT_TYPES),
  })
  .chain((g) =>
    fc
      .record({ amount: sendDecimal(g.amount), value_taxed: sendDecimal(g.valueTaxed), rate: sendDecimal(g.rate) })
      .map((s) => ({ amount: g.amount, item: { ...s, tax_type: g.taxType, unit_type: g.unitType } })),
  );

/** Drops keys whose value is undefined (JSON would). */
function clean<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** A valid transaction of `type` (its transaction_id set by the caller). */
export function validTransaction(type: TransactionType, ctx: ArbitraryContext): fc.Arbitrary<Record<string, unknown>> {
  const nulFree = () => fc.string({ maxLength: 40 }).filter((x) => !x.includes("\u0000"));
  const field: Record<string, () => fc.Arbitrary<unknown>> = {
    type: () => fc.constant(type),
    transaction_id: () => fc.constant("set-by-caller"),
    transaction_date: () => dateUpTo(ctx.today, 60),
    amount: () => decimal(7, 2).chain(sendDecimal),
    billing_document_identifier: () => text(40),
    display_note: nulFree,
    note: nulFree,
    to_prepay_meter_serial_number: () => fc.constant(ctx.meterSerial),
    reason: () => fc.constantFrom(...enumOptions(type, "reason")),
    payment_type: () => fc.constantFrom(...enumOptions(type, "payment_type")),
    reference: nulFree,
    tax_items: () =>
      fc.array(
        taxItem.map((t) => t.item),
        { maxLength: 3 },
      ),
    product_code: () => fc.constant(ctx.productCode),
    supply_point_identifier: () => text(13),
    line_items: () => fc.constant(undefined),
  };
  const shape = SCHEMAS[type].shape as Record<string, z.ZodType>;
  const optional = (k: string) => shape[k].safeParse(undefined).success;
  for (const k of Object.keys(shape))
    if (!(k in field)) throw new Error(`No arbitrary for ${type}.${k}: add one to transaction-arbitraries.ts`);
  const fields = Object.fromEntries(
    Object.keys(shape).map((k) => [k, optional(k) ? fc.option(field[k](), { nil: undefined }) : field[k]()]),
  );
  const base = fc.record(fields).map((o) => clean(o as Record<string, unknown>));
  if (type !== "SUPPLY_CHARGE") return base;
  // A supply charge's amount is its nets plus its taxes; a rate specification code needs the supply point.
  return fc
    .tuple(
      base,
      fc.array(lineItem(ctx.today), { minLength: 1, maxLength: 3 }),
      fc.array(taxItem, { maxLength: 2 }),
      fc.constantFrom<"string" | "number">("string", "number"),
    )
    .map(([t, lines, taxes, form]) => {
      const total = [...lines.map((l) => l.net), ...taxes.map((x) => x.amount)].reduce(
        (a, b) => a.plus(b),
        new Decimal(0),
      );
      const needsPoint = lines.some((l) => "rate_specification_code" in l.item);
      return clean({
        ...t,
        amount: form === "number" ? total.toNumber() : total.toFixed(),
        line_items: lines.map((l) => l.item),
        tax_items: taxes.length ? taxes.map((x) => x.item) : undefined,
        supply_point_identifier: needsPoint
          ? (t.supply_point_identifier ?? "1200023456789")
          : t.supply_point_identifier,
      });
    });
}

/** A batch of 1..`max` valid transactions of any types, with unique ids. */
export function validBatch(ctx: ArbitraryContext, prefix: string, max = 5): fc.Arbitrary<Record<string, any>[]> {
  return fc
    .array(
      fc.constantFrom(...TYPES).chain((type) => validTransaction(type, ctx)),
      { minLength: 1, maxLength: max },
    )
    .map((items) => items.map((t, i) => ({ ...t, transaction_id: `${prefix}-${i}` })));
}
