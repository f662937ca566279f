import { describe, expect, test } from "vitest";
import { buildEventsOpenApi, describeEventFields, eventSchemaName } from "@/server/events/openapi";
import { listEventEntries } from "@/server/events/registry";

describe("buildEventsOpenApi", () => {
  const doc = buildEventsOpenApi();
  const schemas = doc.components.schemas;
  const entries = listEventEntries();

  test("is an OpenAPI 3.1 document with one component schema per entry", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(doc.paths).toEqual({});
    expect(Object.keys(schemas)).toHaveLength(entries.length);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    expect(JSON.stringify(doc)).not.toContain('"$ref"');
  });

  test("component names are unique and valid OpenAPI component keys", () => {
    const names = entries.map((e) => eventSchemaName(e.type, e.version));
    expect(new Set(names).size).toBe(entries.length);
    for (const name of Object.keys(schemas)) expect(name).toMatch(/^[a-zA-Z0-9.\-_]+$/);
    expect(Object.keys(schemas)).toContain("account.created.v1");
    expect(Object.keys(schemas)).toContain("lifecycle.support-site.sale.1.0.0");
  });

  test.each(entries)("$type $version carries its type, version and strict object schema", (e) => {
    const schema = schemas[eventSchemaName(e.type, e.version)];
    expect(schema).toMatchObject({
      type: "object",
      additionalProperties: false,
      "x-event-type": e.type,
      "x-event-version": e.version,
    });
    expect(schema).not.toHaveProperty("$schema");
    const required = describeEventFields(e.type, e.version)
      .filter((f) => f.required && !f.path.includes("."))
      .map((f) => f.path);
    expect(((schema.required as string[] | undefined) ?? []).slice().sort()).toEqual(required.sort());
  });

  test("integers, numbers and nested shapes come through", () => {
    const posted = schemas["billing.ledger.entry_posted.v2"] as {
      properties: { entry: { properties: { id: { type: string } } } };
    };
    expect(posted.properties.entry.properties.id.type).toBe("integer");
    const priority = schemas["ink.conversation.priority.changed.v1"] as {
      properties: { old_priority: { type: string } };
    };
    expect(priority.properties.old_priority.type).toBe("number");
  });
});

describe("describeEventFields", () => {
  test("flattens nested shapes and array items", () => {
    expect(describeEventFields("billing.ledger.entry_posted", "v1")).toEqual([
      { path: "ledger", type: "object", required: true },
      { path: "ledger.account", type: "object", required: true },
      { path: "ledger.account.number", type: "string", required: true },
      { path: "ledger.number", type: "string", required: true },
      { path: "ledger.id", type: "string", required: false },
    ]);
    expect(describeEventFields("account_user.psr_records_updated", "v1")).toContainEqual({
      path: "created_records[].gas_industry_code",
      type: "string",
      required: true,
    });
    expect(describeEventFields("auth_server.account_user.login_denied", "v1")).toContainEqual({
      path: "enforced_security_rule_ids",
      type: "integer[]",
      required: true,
    });
  });

  test("throws for an unknown pair", () => {
    expect(() => describeEventFields("account.created", "v7")).toThrow('Unknown event "account.created" version "v7"');
  });
});
