import fc from "fast-check";
import type { z } from "zod";
import { withMpanCheckDigit } from "@/server/lib/validators";
import * as F from "@/server/services/account-import/payload/fields";

/**
 * A fast-check arbitrary of the values a zod 4 schema accepts, read from the schema itself:
 * strict objects (optional keys present or not), optional, nullable, enum, literal, array
 * (min length kept), union / discriminated union, string (max length), integer bounds,
 * boolean, record, and the field types of payload/fields.ts. Those carry custom checks zod
 * cannot describe, so they are matched by identity (the constants) or by probing (the
 * factories: a blank-refusing Str, Postcode, Dec). A schema it cannot generate throws with its
 * path, so a new field type shows up here instead of as a flaky property.
 */

export type Path = (string | number)[];
/** Arbitraries chosen by schema identity, or by dotted path (`*` matches any key or index). */
export type Overrides = {
  bySchema?: Map<unknown, fc.Arbitrary<unknown> | typeof SKIP>;
  byPath?: Record<string, fc.Arbitrary<unknown> | typeof SKIP>;
};
/** An optional field never generated (e.g. embedded items another module's tests cover). */
export const SKIP = Symbol("skip");

/** A zod 4 schema's definition and its checks' definitions (zod's internals, read-only). */
export const def = (s: z.ZodType) => (s as unknown as { _zod: { def: Record<string, any> } })._zod.def;
export const checksOf = (s: z.ZodType): Record<string, any>[] =>
  (def(s).checks ?? []).map((c: { _zod: { def: unknown } }) => c._zod.def);
export const maxLengthOf = (s: z.ZodType): number | undefined =>
  checksOf(s).find((c) => c.check === "max_length")?.maximum;

const day = (d: Date) => d.toISOString().slice(0, 10);
const dates = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2026-11-01T00:00:00Z"),
  noInvalidDate: true,
});
const word = (max = 12) => fc.stringMatching(new RegExp(`^[a-z][a-z0-9]{0,${Math.max(0, max - 1)}}$`));
const digitsOf = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const postcode = fc.constantFrom(
  "SW1A 1AA",
  "nw1 5lr",
  "EH2 3AT",
  "M14 5TQ",
  "CB21QA",
  "bs1 6dz",
  "LS1 4AP",
  "CT1 1AA",
);
const phone = fc.constantFrom("", "07911 123456", "020 7946 0000", "0161 496 0123", "+44 113 496 0000", "07400 123456");
/** A decimal that fits every Dec(N, M) of the payload (the smallest is Dec(1, 2)), as a string or a JSON number. */
const decimal = fc
  .tuple(fc.boolean(), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 99 }), fc.boolean())
  .map(([neg, i, f, asNumber]) => {
    const text = `${neg && (i || f) ? "-" : ""}${i}.${String(f).padStart(2, "0")}`;
    return asNumber ? Number(text) : text;
  });
const json: fc.Arbitrary<unknown> = fc.oneof(
  word(),
  fc.integer({ min: -1000, max: 100_000 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(word(6), { maxLength: 2 }),
  fc.dictionary(word(6), word(6), { maxKeys: 2 }),
);

/** The field types of payload/fields.ts that are constants, by identity. */
const FIELD_TYPES = new Map<unknown, fc.Arbitrary<unknown>>([
  [F.DateStr, dates.map(day)],
  [F.DateTimeStr, dates.map((d) => d.toISOString().replace(".000", ""))],
  [
    F.DateOrDateTimeStr,
    fc.oneof(
      dates.map(day),
      dates.map((d) => d.toISOString()),
    ),
  ],
  [
    F.TimeStr,
    fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
  ],
  [F.Phone, phone],
  [F.BillingEmail, word(10).map((w) => `${w}@example.com`)],
  [F.CustomerEmail, word(10).map((w) => `${w}@example.co.uk`)],
  [F.DeliveryPointIdentifier, fc.stringMatching(/^[A-Z0-9]{1,11}$/)],
  [F.Mpan, digitsOf(12).map(withMpanCheckDigit)],
  [F.Mprn, fc.stringMatching(/^[0-9]{6,10}$/)],
  [F.MeterSerialNumber, fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 /_.-]{0,15}$/)],
  [F.Tpr, digitsOf(5)],
  [F.TaxYear, fc.integer({ min: 2000, max: 2030 }).map((y) => `${y}/${String((y + 1) % 100).padStart(2, "0")}`)],
  [F.CompanyNumber, fc.oneof(digitsOf(8), fc.stringMatching(/^[A-Z]{2}[0-9]{6}$/))],
  [F.DayOfMonth, fc.integer({ min: 1, max: 28 })],
  [F.AnyJson, json],
  [F.JsonObject, fc.dictionary(word(8), json, { maxKeys: 2 })],
]);

/** Factory-made field types, told apart by what they accept. */
const PROBES: {
  name: string;
  accepts: (max: number) => unknown[];
  arbitrary: (max: number) => fc.Arbitrary<unknown>;
}[] = [
  {
    name: "non-blank text",
    accepts: (max) => ["abc".slice(0, max), "A b".slice(0, max)],
    arbitrary: (max) => fc.string({ minLength: 1, maxLength: Math.min(max, 16) }).filter((s) => s.trim() !== ""),
  },
  { name: "postcode", accepts: () => ["SW1A 1AA", "nw1 5lr"], arbitrary: () => postcode },
  { name: "decimal", accepts: () => ["9.99", -9.99, "0"], arbitrary: () => decimal },
];

export function arbitraryOf(
  schema: z.ZodType,
  overrides: Overrides = {},
  path: Path = [],
  maxItems = 2,
): fc.Arbitrary<unknown> {
  const at = path.join(".");
  const byPath = Object.entries(overrides.byPath ?? {}).find(([p]) => matches(p, path))?.[1];
  const chosen = byPath ?? overrides.bySchema?.get(schema) ?? FIELD_TYPES.get(schema);
  if (chosen === SKIP) throw new Error(`${at}: SKIP only applies to an optional field`);
  if (chosen) return chosen;
  const d = def(schema);
  const checks = checksOf(schema);
  const next = (s: z.ZodType, key: string | number) => arbitraryOf(s, overrides, [...path, key], maxItems);
  switch (d.type) {
    case "object": {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(d.shape as Record<string, z.ZodType>)) {
        const optional = def(field).type === "optional";
        const inner = optional ? def(field).innerType : field;
        const noChoice = def(inner).type === "enum" && !Object.keys(def(inner).entries).length; // production's z.enum([]): nothing to send
        const skip =
          noChoice ||
          Object.entries(overrides.byPath ?? {}).find(([p]) => matches(p, [...path, key]))?.[1] === SKIP ||
          skippedSchema(inner, overrides);
        if (skip) {
          if (!optional) throw new Error(`${at}.${key}: a required field cannot be skipped`);
          continue;
        }
        model[key] = next(inner, key);
        if (!optional) required.push(key);
      }
      return fc.record(model, { requiredKeys: required });
    }
    case "optional":
      return arbitraryOf(d.innerType, overrides, path, maxItems);
    case "nullable":
      return fc.option(arbitraryOf(d.innerType, overrides, path, maxItems), { nil: null, freq: 4 });
    case "enum":
      return fc.constantFrom(...Object.values(d.entries as Record<string, string>));
    case "literal":
      return fc.constantFrom(...(d.values as unknown[]));
    case "boolean":
      return fc.boolean();
    case "array": {
      const min = checks.find((c) => c.check === "min_length")?.minimum ?? 0;
      const max = checks.find((c) => c.check === "max_length")?.maximum ?? Number.POSITIVE_INFINITY;
      return fc.array(next(d.element, 0), { minLength: min, maxLength: Math.min(max, Math.max(min, maxItems)) });
    }
    case "union": {
      if (
        !d.discriminator &&
        (d.options as z.ZodType[]).every((o) => ["string", "number"].includes(def(o).type)) &&
        checks.length
      )
        return probe(schema, at, Number.POSITIVE_INFINITY);
      return fc.oneof(...(d.options as z.ZodType[]).map((o) => arbitraryOf(o, overrides, path, maxItems)));
    }
    case "number": {
      const low = checks.find((c) => c.check === "greater_than");
      const high = checks.find((c) => c.check === "less_than");
      if (checks.some((c) => c.check === "custom"))
        throw new Error(`${at}: a number with a custom check needs an override`);
      return fc.integer({
        min: Math.max(low ? low.value + (low.inclusive ? 0 : 1) : -1000, -1_000_000),
        max: Math.min(high ? high.value - (high.inclusive ? 0 : 1) : 1_000_000, 1_000_000),
      });
    }
    case "string": {
      const max = checks.find((c) => c.check === "max_length")?.maximum ?? 40;
      if (d.format === "email") return word(Math.min(10, max - 12)).map((w) => `${w}@example.org`);
      if (d.format) throw new Error(`${at}: string format ${d.format} needs an override`);
      if (checks.some((c) => c.check === "custom")) return probe(schema, at, max);
      return fc.string({ maxLength: Math.min(max, 16) });
    }
    default:
      throw new Error(`${at}: no arbitrary for zod type ${d.type}`);
  }
}

/** A schema SKIPped by identity, or a list or nullable of one. */
function skippedSchema(s: z.ZodType, overrides: Overrides): boolean {
  if (overrides.bySchema?.get(s) === SKIP) return true;
  const d = def(s);
  return ["optional", "nullable"].includes(d.type)
    ? skippedSchema(d.innerType, overrides)
    : d.type === "array"
      ? skippedSchema(d.element, overrides)
      : false;
}

function probe(schema: z.ZodType, at: string, max: number) {
  const hit = PROBES.find((p) => p.accepts(max).every((v) => schema.safeParse(v).success));
  if (!hit) throw new Error(`${at}: a field type with a custom check that no probe recognises; add it to FIELD_TYPES`);
  return hit.arbitrary(max);
}

function matches(pattern: string, path: Path) {
  const parts = pattern.split(".");
  return parts.length === path.length && parts.every((p, i) => p === "*" || p === String(path[i]));
}

/**
 * Every leaf of a value with the schema that governs it, walking the value alongside the
 * schema (a union's branch is the one the value parses under): where the corruption tests
 * pick the field they break.
 */
export type Leaf = { path: Path; schema: z.ZodType; value: unknown; kind: string };
export function leavesOf(schema: z.ZodType, value: unknown, path: Path = []): Leaf[] {
  const d = def(schema);
  if (FIELD_TYPES.has(schema)) return [{ path, schema, value, kind: "field" }];
  switch (d.type) {
    case "optional":
    case "nullable":
      return value === undefined || value === null ? [] : leavesOf(d.innerType, value, path);
    case "object": {
      const here: Leaf = { path, schema, value, kind: "object" };
      return [
        here,
        ...Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
          d.shape[k] ? leavesOf(d.shape[k], v, [...path, k]) : [],
        ),
      ];
    }
    case "array":
      return (value as unknown[]).flatMap((v, i) => leavesOf(d.element, v, [...path, i]));
    case "union": {
      const branch = (d.options as z.ZodType[]).find((o) => o.safeParse(value).success);
      if (!branch || (!d.discriminator && checksOf(schema).length)) return [{ path, schema, value, kind: "decimal" }];
      return leavesOf(branch, value, path);
    }
    default:
      return [{ path, schema, value, kind: d.type }];
  }
}
