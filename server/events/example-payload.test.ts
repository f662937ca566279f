import { expect, test } from "vitest";
import { z } from "zod";
import { examplePayload } from "@/server/events/example-payload";
import { eventCatalogue } from "@/server/events/registry";

test("builds one value per kind of field, optional fields included", () => {
  const schema = z.strictObject({
    name: z.string(),
    count: z.number().int(),
    ratio: z.number(),
    flag: z.boolean().optional(),
    tags: z.array(z.string()),
    items: z.array(z.strictObject({ id: z.number().int() })),
    meta: z.record(z.string(), z.unknown()),
  });
  expect(examplePayload(schema)).toEqual({
    name: "example",
    count: 1,
    ratio: 1.5,
    flag: true,
    tags: ["example"],
    items: [{ id: 1 }],
    meta: { key: "value" },
  });
});

test("builds a valid payload for a catalogue entry with nested shapes", () => {
  const schema = eventCatalogue["contract-groups.created"].v1;
  const example = examplePayload(schema);
  expect(example).toMatchObject({
    valid_to: "example",
    memberships: [{ contract_identifier: "example", valid_from: "example", valid_to: "example" }],
    traits: [{ identifier: "example", type: "example", data: { key: "value" } }],
  });
  expect(schema.safeParse(example).success).toBe(true);
});

test("refuses a schema kind it cannot build", () => {
  expect(() => examplePayload(z.date())).toThrow('no example for zod type "date"');
});
