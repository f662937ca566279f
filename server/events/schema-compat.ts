import { buildEventsOpenApi, eventSchemaName } from "./openapi";
import { listEventEntries } from "./registry";

type Schema = Record<string, unknown>;

/** Every published (type, version)'s payload schema, frozen by `npm run events:snapshot` (ADR 0305). */
export const SNAPSHOT_FILE = "server/events/schema-snapshot.json";

/** Keywords that describe without constraining: a change to them is never a break. */
const ANNOTATIONS = new Set(["title", "description", "examples", "default", "deprecated", "$comment"]);
/** Keywords checked below; any other one must stay exactly as it was. */
const UNDERSTOOD = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "propertyNames",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "enum",
  "const",
]);

/** Each catalogue (type, version)'s payload schema as JSON Schema, keyed `<type>.<version>`: what the snapshot freezes. */
export function catalogueSchemas(): Record<string, Schema> {
  const components = buildEventsOpenApi().components.schemas;
  const out: Record<string, Schema> = {};
  for (const { type, version } of listEventEntries())
    out[eventSchemaName(type, version)] = withoutExtensions(components[eventSchemaName(type, version)]);
  return out;
}

function withoutExtensions(schema: Schema): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !k.startsWith("x-")));
}

/**
 * Why `now` could break a consumer written against `old` (empty when it cannot): a consumer
 * of a published version validates or reads its payloads by the old schema, so every payload
 * the new schema allows must be one the old schema allowed. The catalogue's objects are
 * closed (`additionalProperties: false`), so adding even an optional field is a break, as is
 * making a field optional, widening a type or a range, or dropping a required field;
 * requiring an optional field, dropping an optional one or narrowing a range is not. What
 * this cannot prove safe (a keyword it does not model that changed) counts as a break.
 */
export function incompatibilities(old: Schema, now: Schema, path = "(root)"): string[] {
  if (isNever(now)) return [];
  if (isNever(old)) return [`${path}: now allowed (was refused)`];
  const out: string[] = [];
  const oldTypes = typesOf(old);
  const nowTypes = typesOf(now);
  if (oldTypes) {
    const widened = (nowTypes ?? ["any"]).filter(
      (t) => !oldTypes.includes(t) && !(t === "integer" && oldTypes.includes("number")),
    );
    if (widened.length) out.push(`${path}: now also allows ${widened.join(", ")} (was ${oldTypes.join(", ")})`);
  }
  out.push(...objectChanges(old, now, path), ...boundChanges(old, now, path));
  if ("items" in old || "items" in now)
    out.push(...incompatibilities(asSchema(old.items), asSchema(now.items), `${path}[]`));
  if ("propertyNames" in old)
    out.push(...incompatibilities(asSchema(old.propertyNames), asSchema(now.propertyNames), `${path} (keys)`));
  if ("enum" in old) {
    const allowed = old.enum as unknown[];
    const values = "enum" in now ? (now.enum as unknown[]) : "const" in now ? [now.const] : null;
    const added = values ? values.filter((v) => !allowed.some((a) => same(a, v))) : ["any value"];
    if (added.length) out.push(`${path}: now also allows ${added.map((v) => JSON.stringify(v)).join(", ")}`);
  }
  if ("const" in old && !same(old.const, now.const))
    out.push(`${path}: no longer fixed to ${JSON.stringify(old.const)}`);
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    // A keyword only the new schema has can only narrow what it allows.
    if (UNDERSTOOD.has(key) || ANNOTATIONS.has(key) || key.startsWith("x-") || !(key in old)) continue;
    if (!same(old[key], now[key]))
      out.push(
        `${path}: "${key}" changed (${JSON.stringify(old[key])} -> ${JSON.stringify(now[key])}); not provably compatible`,
      );
  }
  return out;
}

function objectChanges(old: Schema, now: Schema, path: string): string[] {
  if (
    !("properties" in old) &&
    !("properties" in now) &&
    !("additionalProperties" in old) &&
    !("additionalProperties" in now)
  )
    return [];
  const out: string[] = [];
  const oldProps = (old.properties ?? {}) as Record<string, Schema>;
  const nowProps = (now.properties ?? {}) as Record<string, Schema>;
  const oldRequired = new Set((old.required ?? []) as string[]);
  const nowRequired = new Set((now.required ?? []) as string[]);
  const at = (name: string) => (path === "(root)" ? name : `${path}.${name}`);
  for (const [name, schema] of Object.entries(nowProps)) {
    if (name in oldProps) out.push(...incompatibilities(oldProps[name], schema, at(name)));
    else if (old.additionalProperties === false)
      out.push(`${at(name)}: added (the old schema refuses fields it does not list)`);
    else out.push(...incompatibilities(asSchema(old.additionalProperties), schema, at(name)));
  }
  for (const name of oldRequired)
    if (!nowRequired.has(name)) out.push(`${at(name)}: ${name in nowProps ? "no longer required" : "removed"}`);
  for (const [name, schema] of Object.entries(oldProps)) {
    if (name in nowProps || now.additionalProperties === false) continue;
    out.push(...incompatibilities(schema, asSchema(now.additionalProperties), at(name)));
  }
  if (now.additionalProperties !== false) {
    if (old.additionalProperties === false) out.push(`${path}: now allows fields it does not list`);
    else
      out.push(
        ...incompatibilities(asSchema(old.additionalProperties), asSchema(now.additionalProperties), `${path}.*`),
      );
  }
  return out;
}

const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems"] as const;
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems"] as const;

function boundChanges(old: Schema, now: Schema, path: string): string[] {
  const out: string[] = [];
  for (const key of LOWER_BOUNDS) {
    if (typeof old[key] !== "number") continue;
    if (typeof now[key] !== "number" || (now[key] as number) < (old[key] as number))
      out.push(`${path}: ${key} lowered from ${old[key]} to ${now[key] ?? "none"}`);
  }
  for (const key of UPPER_BOUNDS) {
    if (typeof old[key] !== "number") continue;
    if (typeof now[key] !== "number" || (now[key] as number) > (old[key] as number))
      out.push(`${path}: ${key} raised from ${old[key]} to ${now[key] ?? "none"}`);
  }
  return out;
}

/** `true` / absent (anything) as the empty schema; `false` (nothing) as a schema nothing satisfies. */
function asSchema(value: unknown): Schema {
  if (value === false) return { not: {} };
  return value && typeof value === "object" ? (value as Schema) : {};
}

const isNever = (schema: Schema) => "not" in schema && same(schema.not, {});

function typesOf(schema: Schema): string[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Schema)[k])]),
    );
  return value;
}
