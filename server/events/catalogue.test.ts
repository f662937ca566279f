import { describe, expect, test } from "vitest";
import { examplePayload } from "@/server/events/example-payload";
import { describeEventFields } from "@/server/events/openapi";
import { getEventSchema, listEventEntries } from "@/server/events/registry";

type Json = Record<string, unknown>;

const entries = listEventEntries().map(({ type, version }) => {
  const schema = getEventSchema(type, version);
  if (!schema) throw new Error(`listEventEntries returned an unknown pair ${type} ${version}`);
  return { type, version, schema, fields: describeEventFields(type, version) };
});

// Paths use describeEventFields' syntax; `a[].b` is field b of the first (only) element of a.
function parentAndKey(root: Json, fieldPath: string): [Json, string] {
  const steps = fieldPath.split(".");
  const key = steps.pop() as string;
  let node: Json = root;
  for (const step of steps) {
    node = step.endsWith("[]") ? ((node[step.slice(0, -2)] as Json[])[0] as Json) : (node[step] as Json);
  }
  return [node, key];
}

function changed(example: unknown, fieldPath: string, change: (parent: Json, key: string) => void) {
  const copy = structuredClone(example) as Json;
  const [parent, key] = parentAndKey(copy, fieldPath);
  change(parent, key);
  return copy;
}

const dropped = (example: unknown, fieldPath: string) =>
  changed(example, fieldPath, (parent, key) => delete parent[key]);

const replaced = (example: unknown, fieldPath: string, value: unknown) =>
  changed(example, fieldPath, (parent, key) => (parent[key] = value));

const WRONG_VALUES: Record<string, unknown[]> = {
  string: [42, null],
  integer: [1.5, "1", null],
  number: ["1.5", null],
  boolean: ["true", 1, null],
  object: ["example", [], null],
  "string[]": ["example", [42]],
  "integer[]": [1, [1.5], ["1"]],
  "number[]": [1.5, ["1.5"]],
  "boolean[]": [true, ["true"]],
  "object[]": [{}, ["example"]],
};

describe.each(entries)("$type $version", ({ schema, fields }) => {
  const example = examplePayload(schema);

  test("the example payload passes", () => {
    expect(schema.safeParse(example).error).toBeUndefined();
  });

  test("dropping any required field fails, dropping an optional one passes", () => {
    const required = fields.filter((f) => f.required);
    expect(required.length).toBeGreaterThan(0);
    for (const field of fields) {
      const result = schema.safeParse(dropped(example, field.path));
      expect(result.success, `without ${field.path}`).toBe(!field.required);
    }
  });

  test("a wrong type for any field fails", () => {
    for (const field of fields) {
      const wrongs = WRONG_VALUES[field.type];
      expect(wrongs, `wrong values for type ${field.type}`).toBeDefined();
      for (const wrong of wrongs) {
        const result = schema.safeParse(replaced(example, field.path, wrong));
        expect(result.success, `${field.path} = ${JSON.stringify(wrong)}`).toBe(false);
      }
    }
  });

  test("an unknown extra field fails, at the top and in every nested shape", () => {
    expect(schema.safeParse({ ...(example as Json), unexpected_field: "x" }).success).toBe(false);
    const nestedShapes = fields.filter((f) => fields.some((c) => c.path.startsWith(`${f.path}.`)));
    const nestedItems = fields.filter((f) => fields.some((c) => c.path.startsWith(`${f.path}[].`)));
    for (const parent of [...nestedShapes.map((f) => f.path), ...nestedItems.map((f) => `${f.path}[]`)]) {
      const result = schema.safeParse(replaced(example, `${parent}.unexpected_field`, "x"));
      expect(result.success, `${parent}.unexpected_field`).toBe(false);
    }
  });
});

describe("fields typed O accept any inner shape", () => {
  const opaque = entries.flatMap((entry) =>
    entry.fields
      .filter((f) => f.type === "object" && !entry.fields.some((c) => c.path.startsWith(`${f.path}.`)))
      .map((field) => ({ ...entry, field })),
  );

  test.each(opaque)("$type $version $field.path", ({ schema, field }) => {
    const value = { anything: { nested: [1, "two"] }, other: null };
    expect(schema.safeParse(replaced(examplePayload(schema), field.path, value)).success).toBe(true);
  });
});
