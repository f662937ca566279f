import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SNAPSHOT_FILE, catalogueSchemas, incompatibilities } from "./schema-compat";

// Each published (type, version)'s payload schema is frozen in schema-snapshot.json: a change
// a consumer of that version could notice needs a new version instead (ADR 0305).
const frozen = JSON.parse(fs.readFileSync(path.resolve(SNAPSHOT_FILE), "utf8")) as Record<
  string,
  Record<string, unknown>
>;
const current = catalogueSchemas();

describe("the catalogue against its frozen schemas", () => {
  it("still has every frozen type and version (a published version is never removed)", () => {
    expect(Object.keys(frozen).filter((name) => !(name in current))).toEqual([]);
  });

  it("has frozen every type and version it defines (run `npm run events:snapshot` after adding one)", () => {
    expect(Object.keys(current).filter((name) => !(name in frozen))).toEqual([]);
  });

  it("changed no frozen schema incompatibly", () => {
    const breaks = Object.entries(frozen).flatMap(([name, old]) =>
      current[name] ? incompatibilities(old, current[name]).map((why) => `${name} ${why}`) : [],
    );
    expect(breaks).toEqual([]);
  });

  it("would fail for a real type changed incompatibly in place", () => {
    const old = frozen["account.created.v1"];
    const props = old.properties as Record<string, Record<string, unknown>>;
    const retyped = { ...old, properties: { ...props, account_number: { type: "integer" } } };
    expect(incompatibilities(old, retyped)).toEqual(["account_number: now also allows integer (was string)"]);
    const optional = { ...old, required: (old.required as string[]).filter((r) => r !== "account_user_emails") };
    expect(incompatibilities(old, optional)).toEqual(["account_user_emails: no longer required"]);
  });
});

const obj = (properties: Record<string, unknown>, required: string[] = [], more: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
  ...more,
});
const str = { type: "string" };
const int = { type: "integer", minimum: 0, maximum: 10 };

describe("incompatibilities", () => {
  it("finds nothing for the same schema, or one that only changed its descriptions", () => {
    expect(incompatibilities(obj({ a: str }, ["a"]), obj({ a: str }, ["a"]))).toEqual([]);
    expect(
      incompatibilities(
        obj({ a: str }, ["a"]),
        obj({ a: { ...str, description: "now documented" } }, ["a"], { title: "T" }),
      ),
    ).toEqual([]);
  });

  it("lets a schema allow less: require an optional field, drop an optional one, narrow a range, add a constraint", () => {
    expect(incompatibilities(obj({ a: str, b: str }, ["a"]), obj({ a: str, b: str }, ["a", "b"]))).toEqual([]);
    expect(incompatibilities(obj({ a: str, b: str }, ["a"]), obj({ a: str }, ["a"]))).toEqual([]);
    expect(incompatibilities(obj({ n: int }), obj({ n: { ...int, minimum: 1, maximum: 9 } }))).toEqual([]);
    expect(incompatibilities(obj({ a: str }), obj({ a: { ...str, pattern: "^x" } }))).toEqual([]);
    expect(incompatibilities(obj({ n: { type: "number" } }), obj({ n: { type: "integer" } }))).toEqual([]);
    expect(
      incompatibilities(obj({ e: { type: "string", enum: ["a", "b"] } }), obj({ e: { type: "string", enum: ["a"] } })),
    ).toEqual([]);
  });

  it("reports what lets a schema allow more", () => {
    expect(incompatibilities(obj({ a: str }, ["a"]), obj({ a: str, b: str }, ["a"]))).toEqual([
      "b: added (the old schema refuses fields it does not list)",
    ]);
    expect(incompatibilities(obj({ a: str, b: str }, ["a", "b"]), obj({ a: str }, ["a"]))).toEqual(["b: removed"]);
    expect(incompatibilities(obj({ a: str }), obj({ a: { type: ["string", "null"] } }))).toEqual([
      "a: now also allows null (was string)",
    ]);
    expect(incompatibilities(obj({ n: int }), obj({ n: { type: "integer", minimum: -1, maximum: 10 } }))).toEqual([
      "n: minimum lowered from 0 to -1",
    ]);
    expect(incompatibilities(obj({ n: int }), obj({ n: { type: "integer", minimum: 0 } }))).toEqual([
      "n: maximum raised from 10 to none",
    ]);
    expect(
      incompatibilities(obj({ e: { type: "string", enum: ["a"] } }), obj({ e: { type: "string", enum: ["a", "b"] } })),
    ).toEqual(['e: now also allows "b"']);
    expect(incompatibilities(obj({ a: str }), { ...obj({ a: str }), additionalProperties: true })).toEqual([
      "(root): now allows fields it does not list",
    ]);
    expect(
      incompatibilities(obj({ a: { type: "string", pattern: "^x" } }), obj({ a: { type: "string", pattern: "^y" } })),
    ).toEqual(['a: "pattern" changed ("^x" -> "^y"); not provably compatible']);
  });

  it("follows arrays, nested objects and records", () => {
    expect(
      incompatibilities(
        obj({ l: { type: "array", items: obj({ x: str }, ["x"]) } }),
        obj({ l: { type: "array", items: obj({ x: str }) } }),
      ),
    ).toEqual(["l[].x: no longer required"]);
    const record = (values: unknown) => ({
      type: "object",
      propertyNames: { type: "string" },
      additionalProperties: values,
    });
    expect(incompatibilities(obj({ r: record(str) }), obj({ r: record(str) }))).toEqual([]);
    expect(incompatibilities(obj({ r: record(str) }), obj({ r: record({}) }))).toEqual([
      "r.*: now also allows any (was string)",
    ]);
  });
});
