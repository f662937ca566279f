import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { examplePayload } from "@/server/events/example-payload";
import {
  catalogueSections,
  EventPayloadError,
  eventCatalogue,
  getEventSchema,
  listEventEntries,
  parseEventPayload,
} from "@/server/events/registry";

const here = path.dirname(fileURLToPath(import.meta.url));
const listed = readFileSync(path.join(here, "catalogue-list.txt"), "utf8").split("\n").filter(Boolean);

describe("registry completeness against catalogue-list.txt", () => {
  test("every listed (type, version) is registered and nothing else is", () => {
    const registered = listEventEntries().map((e) => `${e.type} ${e.version}`);
    const missing = listed.filter((entry) => !registered.includes(entry));
    const extra = registered.filter((entry) => !listed.includes(entry));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  test("listEventEntries is sorted exactly like the checked-in list", () => {
    expect(listEventEntries().map((e) => `${e.type} ${e.version}`)).toEqual(listed);
  });

  test("no event type is defined in two domain files", () => {
    const types = catalogueSections.flatMap((section) => Object.keys(section));
    expect(types.filter((t, i) => types.indexOf(t) !== i)).toEqual([]);
    expect(types.length).toBe(Object.keys(eventCatalogue).length);
  });
});

describe("getEventSchema", () => {
  test("returns the schema of a known pair", () => {
    expect(getEventSchema("account.created", "v1")).toBe(eventCatalogue["account.created"].v1);
    expect(getEventSchema("lifecycle.support-site.sale", "1.0.0")).toBeDefined();
  });

  test.each([
    ["account.created", "v2"],
    ["account.creatd", "v1"],
    ["lifecycle.support-site.sale", "v1"],
    ["constructor", "v1"],
    ["account.created", "constructor"],
    ["__proto__", "v1"],
    ["account.created", "toString"],
  ])("returns undefined for %s %s", (type, version) => {
    expect(getEventSchema(type, version)).toBeUndefined();
  });
});

describe("parseEventPayload", () => {
  test("returns the parsed payload of a valid event", () => {
    const payload = { account_number: "A-1", account_user_emails: ["a@example.com"] };
    expect(parseEventPayload("account.created", "v1", payload)).toEqual(payload);
  });

  test("names the type and the known versions when the version is unknown", () => {
    expect(() => parseEventPayload("agreement.revoked", "v9", {})).toThrow(
      'Unknown event "agreement.revoked" version "v9" (known versions: v1, v2)',
    );
  });

  test("says so when the type is unknown", () => {
    expect(() => parseEventPayload("no.such.event", "v1", {})).toThrow(
      'Unknown event "no.such.event" version "v1" (unknown event type)',
    );
  });

  test("names the type, version and every failing path of an invalid payload", () => {
    const schema = eventCatalogue["billing.ledger.entry_posted"].v2;
    const payload = examplePayload(schema);
    const bad = {
      ...payload,
      ledger: { ...payload.ledger, account: {} },
      entry: { ...payload.entry, id: 1.5 },
      surprise: true,
    };
    let error: unknown;
    try {
      parseEventPayload("billing.ledger.entry_posted", "v2", bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EventPayloadError);
    const { message, type, version, issues } = error as EventPayloadError;
    expect(message).toMatch(/^Invalid payload for event "billing\.ledger\.entry_posted" version "v2": /);
    expect(message).toContain("ledger.account.number:");
    expect(message).toContain("entry.id:");
    expect(message).toContain("(root):");
    expect(message).toContain("surprise");
    expect([type, version]).toEqual(["billing.ledger.entry_posted", "v2"]);
    expect(issues.map((i) => i.path.join("."))).toEqual(
      expect.arrayContaining(["ledger.account.number", "entry.id", ""]),
    );
  });
});
