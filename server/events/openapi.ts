import { z } from "zod";
import { isIntegerSchema } from "@/server/events/example-payload";
import { getEventSchema, listEventEntries } from "@/server/events/registry";

export type EventField = { path: string; type: string; required: boolean };

type JsonSchema = Record<string, unknown>;

export type EventsOpenApi = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  paths: Record<string, never>;
  components: { schemas: Record<string, JsonSchema> };
};

/** Component name of one payload version, e.g. `account.created.v1`. */
export function eventSchemaName(type: string, version: string): string {
  return `${type}.${version}`.replace(/[^A-Za-z0-9._-]/g, "_");
}

/** OpenAPI 3.1 document with one component schema per event type and payload version. */
export function buildEventsOpenApi(): EventsOpenApi {
  const schemas: Record<string, JsonSchema> = {};
  for (const { type, version } of listEventEntries()) {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schemaFor(type, version)) as JsonSchema;
    schemas[eventSchemaName(type, version)] = {
      ...json,
      "x-event-type": type,
      "x-event-version": version,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Account migration events",
      version: "1.0.0",
      description: "Event payloads, one schema per event type and payload version.",
    },
    paths: {},
    components: { schemas },
  };
}

/** Flat field list for display: nested objects as `a.b`, array items as `a[].b`. */
export function describeEventFields(type: string, version: string): EventField[] {
  const out: EventField[] = [];
  describeObject(schemaFor(type, version), "", out);
  return out;
}

function schemaFor(type: string, version: string): z.ZodType {
  const schema = getEventSchema(type, version);
  if (!schema) throw new Error(`Unknown event "${type}" version "${version}"`);
  return schema;
}

function describeObject(schema: z.core.$ZodType, prefix: string, out: EventField[]): void {
  if (!(schema instanceof z.ZodObject)) return;
  const shape: Record<string, z.core.$ZodType> = schema.shape;
  for (const [name, field] of Object.entries(shape)) {
    const required = !(field instanceof z.ZodOptional);
    const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
    const isArray = inner instanceof z.ZodArray;
    const item = isArray ? inner.element : inner;
    const path = `${prefix}${name}`;
    out.push({ path, type: `${typeLabel(item)}${isArray ? "[]" : ""}`, required });
    describeObject(item, `${path}${isArray ? "[]" : ""}.`, out);
  }
}

function typeLabel(schema: z.core.$ZodType): string {
  if (schema instanceof z.ZodString) return "string";
  if (schema instanceof z.ZodNumber) return isIntegerSchema(schema) ? "integer" : "number";
  if (schema instanceof z.ZodBoolean) return "boolean";
  if (schema instanceof z.ZodObject || schema instanceof z.ZodRecord) return "object";
  throw new Error(`describeEventFields: unsupported zod type "${schema._zod.def.type}"`);
}
