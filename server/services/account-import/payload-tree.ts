import type { z } from "zod";
import { EnergyAccount } from "./payload/energy-account";

/**
 * One field of a staged payload as the console shows it: every value the script sent, in the
 * order of the production schema's fields, with what the schema says of it. `path` is the
 * dotted path errors carry in `attr` (`supply_addresses.0.meter_points.1.identifier`).
 */
export type PayloadNode = {
  key: string;
  path: string;
  kind: "object" | "array" | "string" | "number" | "boolean" | "null";
  /** Leaves: the value as text (strings as sent, without quotes). */
  value?: string;
  /** Objects and arrays: their fields or items. */
  children?: PayloadNode[];
  /** An array item's few identifying values, e.g. "ELECTRICITY · 1200060176720". */
  summary?: string;
  /** The schema's description, e.g. "Deprecated.". */
  note?: string;
  /** Not a field of production's schema here (staged before the schema changed). */
  unknown?: true;
};

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"]);

/** The schema under optional/nullable/default/pipe wrappers, and the first description met on the way. */
function unwrap(schema: z.ZodType | undefined): { schema?: z.ZodType; note?: string } {
  let note: string | undefined;
  let s = schema;
  for (let i = 0; s && i < 20; i++) {
    note ??= s.description;
    const def = defOf(s);
    if (WRAPPERS.has(def.type)) s = def.innerType;
    else if (def.type === "pipe") s = def.in;
    else if (def.type === "lazy") s = def.getter!();
    else break;
  }
  return { schema: s, note };
}

/** A union's option that fits the value: by its discriminator, else the object option knowing most of its keys. */
function optionFor(def: Def, value: unknown): z.ZodType | undefined {
  const options = def.options ?? [];
  if (!value || typeof value !== "object" || Array.isArray(value)) return options[0];
  const obj = value as Record<string, unknown>;
  if (def.discriminator) {
    return options.find((o) => {
      const field = defOf(unwrap(o).schema!).shape?.[def.discriminator!];
      return field?.safeParse(obj[def.discriminator!]).success;
    });
  }
  let best: z.ZodType | undefined;
  let known = -1;
  for (const o of options) {
    const shape = defOf(unwrap(o).schema!).shape;
    const n = shape ? Object.keys(obj).filter((k) => k in shape).length : -1;
    if (n > known) [best, known] = [o, n];
  }
  return best;
}

const LABEL_KEYS = [
  "supply_type",
  "identifier",
  "supply_address1",
  "supply_postcode",
  "name",
  "meter_serial_number",
  "reading_date",
  "reading_value",
  "register_id",
  "tpr",
  "tariff_code",
  "effective_from",
  "transaction_id",
  "statement_id",
  "namespace",
  "key",
];

function summaryOf(value: Record<string, unknown>): string | undefined {
  const name = [value.given_name, value.family_name].filter((v) => typeof v === "string" && v.trim()).join(" ");
  const fields: Record<string, unknown> = { ...value, name: name || undefined };
  const parts = LABEL_KEYS.flatMap((k) =>
    typeof fields[k] === "string" || typeof fields[k] === "number" ? [String(fields[k])] : [],
  ).slice(0, 3);
  return parts.length ? parts.join(" · ") : undefined;
}

/** Fields a reader looks for first; the rest follow in the schema's order. */
const LEAD = [
  "import_supplier",
  "external_account_number",
  "account_type",
  "supply_type",
  "identifier",
  "meter_serial_number",
  "register_id",
];
const leadFirst = (keys: string[]) => [
  ...LEAD.filter((k) => keys.includes(k)),
  ...keys.filter((k) => !LEAD.includes(k)),
];

/** The object/array/record definition that describes this value (a union resolved to the option it is). */
function defFor(schema: z.ZodType | undefined, value: unknown): Def | undefined {
  const def = schema ? defOf(schema) : undefined;
  if (def?.type !== "union") return def;
  const option = unwrap(optionFor(def, value)).schema;
  return option ? defOf(option) : undefined;
}

function node(key: string, path: string, value: unknown, schema: z.ZodType | undefined, unknown = false): PayloadNode {
  const { schema: s, note } = unwrap(schema);
  const base = { key, path, ...(note ? { note } : {}), ...(unknown ? { unknown: true as const } : {}) };
  const def = defFor(s, value);
  const at = (k: string | number) => (path ? `${path}.${k}` : String(k));
  if (Array.isArray(value)) {
    const element = def?.type === "array" ? def.element : undefined;
    return {
      ...base,
      kind: "array",
      children: value.map((v, i) => withSummary(node(String(i), at(i), v, element), v)),
    };
  }
  if (value !== null && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const shape = def?.type === "object" ? def.shape : undefined;
    const record = def?.type === "record" ? def.valueType : undefined;
    const order = shape
      ? [
          ...Object.keys(shape).filter((k) => k in obj),
          ...Object.keys(obj)
            .filter((k) => !(k in shape))
            .sort(),
        ]
      : Object.keys(obj).sort();
    return {
      ...base,
      kind: "object",
      children: leadFirst(order).map((k) =>
        node(k, at(k), obj[k], shape?.[k] ?? record, Boolean(shape) && !(k in shape!)),
      ),
    };
  }
  if (value === null) return { ...base, kind: "null", value: "null" };
  const kind = typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "string";
  return { ...base, kind, value: String(value) };
}

const withSummary = (n: PayloadNode, v: unknown): PayloadNode => {
  const summary = v && typeof v === "object" && !Array.isArray(v) ? summaryOf(v as Record<string, unknown>) : undefined;
  return summary ? { ...n, summary } : n;
};

/** A staged account as a tree of production's EnergyAccount; nothing the script sent is left out. */
export function payloadTree(payload: Record<string, unknown>): PayloadNode {
  return node("EnergyAccount", "", payload, EnergyAccount);
}
