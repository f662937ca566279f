import { z } from "zod";

/**
 * A valid payload for a catalogue schema, optional fields included: strings "example",
 * integers 1, numbers 1.5, booleans true, one-element arrays, records {key: "value"}.
 */
export function examplePayload<S extends z.ZodType>(schema: S): z.input<S> {
  return exampleValue(schema) as z.input<S>;
}

function exampleValue(schema: z.core.$ZodType): unknown {
  if (schema instanceof z.ZodOptional) return exampleValue(schema.unwrap());
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.core.$ZodType> = schema.shape;
    return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, exampleValue(field)]));
  }
  if (schema instanceof z.ZodArray) return [exampleValue(schema.element)];
  if (schema instanceof z.ZodRecord) return { key: "value" };
  if (schema instanceof z.ZodString) return "example";
  if (schema instanceof z.ZodNumber) return isIntegerSchema(schema) ? 1 : 1.5;
  if (schema instanceof z.ZodBoolean) return true;
  if (schema instanceof z.ZodUnknown) return "value";
  throw new Error(`examplePayload: no example for zod type "${schema._zod.def.type}"`);
}

export function isIntegerSchema(schema: z.ZodNumber): boolean {
  return schema.format?.includes("int") ?? false;
}
