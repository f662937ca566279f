import { Parser } from "@asyncapi/parser";
import { describe, expect, it } from "vitest";
import { buildEventsAsyncApi, channelId } from "./asyncapi";
import { buildEventsOpenApi, eventSchemaName } from "./openapi";
import { listEventEntries } from "./registry";

const doc = buildEventsAsyncApi();
const entries = listEventEntries();

describe("buildEventsAsyncApi", () => {
  it("is a valid AsyncAPI 3.0 document by the AsyncAPI parser: no error or warning", async () => {
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
    // Severity 0 is an error, 1 a warning; 2 and 3 are information and hints.
    expect(
      diagnostics.filter((d) => d.severity <= 1).map((d) => `${d.code} ${d.message} at ${d.path.join("/")}`),
    ).toEqual([]);
    expect(document).toBeDefined();
    const types = new Set(entries.map((e) => e.type));
    expect(document!.channels().length).toBe(types.size);
    expect(document!.messages().length).toBe(entries.length);
    expect(
      document!
        .operations()
        .all()
        .every((o) => o.action() === "send"),
    ).toBe(true);
    const channel = document!.channels().get(channelId("account.created"))!;
    expect(channel.address()).toBe("events.account.created");
    expect(
      channel
        .messages()
        .all()
        .map((m) => m.id()),
    ).toEqual(["account.created.v1"]);
  }, 60_000);

  it("has one channel per type at its subject, one message per delivered version, and the events OpenAPI's payload schemas", () => {
    const openapi = buildEventsOpenApi().components.schemas;
    for (const { type, version } of entries) {
      const name = eventSchemaName(type, version);
      const channel = doc.channels[channelId(type)];
      expect(channel.address).toBe(`events.${type}`);
      expect(channel.messages).toHaveProperty([name]);
      expect(doc.components.schemas[name]).toEqual(openapi[name]);
      const payload = doc.components.messages[name].payload as { properties: Record<string, Record<string, unknown>> };
      expect(payload.properties.type.const).toBe(type);
      expect(payload.properties.dataversion.const).toBe(version);
      expect(payload.properties.data.$ref).toBe(`#/components/schemas/${name}`);
    }
    const ledger = doc.channels[channelId("billing.ledger.entry_posted")].messages as Record<string, unknown>;
    expect(Object.keys(ledger)).toEqual(["billing.ledger.entry_posted.v1", "billing.ledger.entry_posted.v2"]);
  });

  it("names subjects under the relay's prefix", () => {
    expect(buildEventsAsyncApi("kraken").channels[channelId("account.created")].address).toBe("kraken.account.created");
  });
});
