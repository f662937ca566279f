import { describe, expect, it } from "vitest";
import { listEventEntries } from "./registry";
import { assertEventSource, natsHeaderValues, natsSubject, type OutboxEvent, toCloudEvent } from "./envelope";

const event: OutboxEvent = {
  id: "0190f5c2-7b4e-7c3a-9d1e-2f3a4b5c6d7e",
  seq: 42,
  type: "billing.ledger.entry_posted",
  version: "v2",
  occurredAt: new Date("2026-03-29T00:30:00.123Z"),
  accountNumber: "A-1234ABCD",
  organisationId: 7,
  payload: { ledger: { number: "L-1" } },
};

describe("CloudEvents envelope", () => {
  it("carries the CloudEvents 1.0 attributes, the account as subject and the payload version", () => {
    expect(toCloudEvent(event, "urn:kraken-migrate")).toEqual({
      specversion: "1.0",
      id: event.id,
      source: "urn:kraken-migrate",
      type: "billing.ledger.entry_posted",
      time: "2026-03-29T00:30:00.123Z",
      subject: "A-1234ABCD",
      datacontenttype: "application/json",
      dataversion: "v2",
      data: { ledger: { number: "L-1" } },
    });
  });

  it("omits subject when the event concerns no account", () => {
    const ce = toCloudEvent({ ...event, accountNumber: null }, "https://migrate.example/");
    expect(ce).not.toHaveProperty("subject");
    expect(ce.source).toBe("https://migrate.example/");
  });

  it("puts type and version in headers beside the body", () => {
    expect(natsHeaderValues(event)).toEqual({
      "Content-Type": "application/cloudevents+json; charset=utf-8",
      "Event-Type": "billing.ledger.entry_posted",
      "Event-Version": "v2",
      "Event-Account": "A-1234ABCD",
    });
    expect(natsHeaderValues({ ...event, accountNumber: null })).not.toHaveProperty("Event-Account");
  });

  it("maps every catalogue type to a valid subject under the prefix", () => {
    expect(natsSubject("lifecycle.support-site.sale")).toBe("events.lifecycle.support-site.sale");
    expect(natsSubject("account.created", "staging.events")).toBe("staging.events.account.created");
    for (const { type } of listEventEntries()) expect(natsSubject(type)).toMatch(/^events(\.[A-Za-z0-9_-]+)+$/);
    expect(() => natsSubject("account.*")).toThrow(/cannot be a NATS subject/);
    expect(() => natsSubject("account..created")).toThrow(/cannot be a NATS subject/);
  });

  it("rejects a source that is not a URI-reference", () => {
    expect(() => assertEventSource("")).toThrow();
    expect(() => assertEventSource("not a uri")).toThrow();
    expect(assertEventSource("urn:kraken-migrate")).toBe("urn:kraken-migrate");
  });
});
