import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import validateCloudEvent from "cloudevents/dist/schema/v1";
import type { JetStreamClient, PubAck } from "@nats-io/jetstream";
import type { MsgHdrs } from "@nats-io/transport-node";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { events } from "@/db/schema";
import { useRelayTestDb } from "@/test/relay";
import { buildEventsAsyncApi, channelId } from "./asyncapi";
import { emitMany, type PendingEvent } from "./emit";
import { examplePayload } from "./example-payload";
import { publishEvent } from "./nats";
import { eventSchemaName } from "./openapi";
import { fetchUnpublished } from "./outbox";
import { messagesOf } from "./publish-batch";
import { getEventSchema, listEventEntries } from "./registry";
import { isDerivedVersion } from "./versions";

// What the relay puts on the bus for a sample of every type and version (each stored version
// emitted once, the derived ones built by the relay, and a fan-out row), checked against the
// CloudEvents 1.0 JSON schema (the one the CloudEvents JavaScript SDK compiles) and against
// the message the AsyncAPI document declares for it.
const t = useRelayTestDb();
const cfg = { stream: "EVENTS", subjectPrefix: "events", source: "urn:kraken-migrate", publishTimeoutMs: 1000 };
const asyncapi = buildEventsAsyncApi();
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(asyncapi, "asyncapi");

type Sent = { subject: string; body: Record<string, unknown>; headers: Record<string, string> };

/** A JetStream client that keeps what publishEvent sends and acks it. */
function capturingClient(sent: Sent[]): JetStreamClient {
  let seq = 0;
  const publish = async (subject: string, body: string, opts: { headers: MsgHdrs; msgID: string }) => {
    // nats.js sends msgID as the Nats-Msg-Id header.
    const headers = {
      ...Object.fromEntries([...opts.headers.keys()].map((k) => [k, opts.headers.get(k)])),
      "Nats-Msg-Id": opts.msgID,
    };
    sent.push({ subject, body: JSON.parse(body) as Record<string, unknown>, headers });
    return { stream: cfg.stream, seq: ++seq, duplicate: false } as PubAck;
  };
  return { publish } as unknown as JetStreamClient;
}

describe("every message the relay publishes", () => {
  it("is a CloudEvents 1.0 event and the AsyncAPI document's message for its type and version", async () => {
    const stored = listEventEntries().filter((e) => !isDerivedVersion(e.type, e.version));
    const batch: PendingEvent[] = stored.map(({ type, version }, i) => ({
      type,
      version,
      payload: examplePayload(getEventSchema(type, version)!),
      accountNumber: i % 2 ? `A-CE${i % 7}` : null,
      organisationId: 1,
    }));
    await t.db.transaction((tx) => emitMany(tx as unknown as Db, batch));
    const shared = {
      ledger: { account: { number: "A-CE-FAN" }, number: "L-CE" },
      entry: { source_type: "data_import.transaction" },
    };
    await t.db.insert(events).values({
      id: uuidv7(),
      type: "billing.ledger.entry_posted",
      version: "v2",
      payload: shared,
      accountNumber: "A-CE-FAN",
      organisationId: 1,
      fanoutIds: [11, 12],
      fanoutKinds: ["CHARGE", "PAYMENT"],
    });

    // An event written by a traced request carries the distributed-tracing extension (ADR 0044).
    const traced = { account_number: "A-CE-TRACED", account_user_emails: [] };
    await t.db.insert(events).values({
      id: uuidv7(),
      type: "account.created",
      version: "v1",
      payload: traced,
      accountNumber: "A-CE-TRACED",
      organisationId: 1,
      traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      tracestate: "km=1",
    });
    const rows = await fetchUnpublished(t.db, { limit: 10_000, source: cfg.source });
    const sent: Sent[] = [];
    const js = capturingClient(sent);
    for (const m of messagesOf(rows)) await publishEvent(js, cfg, m);

    const problems: string[] = [];
    for (const { subject, body, headers } of sent) {
      const name = eventSchemaName(String(body.type), String(body.dataversion));
      if (!validateCloudEvent(body))
        problems.push(
          `${name}: not CloudEvents 1.0: ${JSON.stringify((validateCloudEvent as { errors?: unknown }).errors)}`,
        );
      // Extension attribute names: lower-case letters and digits (CloudEvents 1.0, "Attribute Naming Convention").
      for (const attribute of Object.keys(body))
        if (!/^[a-z0-9]{1,20}$/.test(attribute)) problems.push(`${name}: attribute "${attribute}"`);
      const message = ajv.getSchema(`asyncapi#/components/messages/${name}/payload`);
      if (!message) problems.push(`${name}: no AsyncAPI message`);
      else if (!message(body)) problems.push(`${name}: not its AsyncAPI message: ${ajv.errorsText(message.errors)}`);
      const headersSchema = ajv.getSchema("asyncapi#/components/messageTraits/cloudEvent/headers")!;
      if (!headersSchema(headers)) problems.push(`${name}: headers: ${ajv.errorsText(headersSchema.errors)}`);
      if (subject !== asyncapi.channels[channelId(String(body.type))]?.address)
        problems.push(`${name}: subject ${subject}`);
      if (
        headers["Nats-Msg-Id"] !== body.id ||
        headers["Event-Type"] !== body.type ||
        headers["Event-Version"] !== body.dataversion
      )
        problems.push(`${name}: headers ${JSON.stringify(headers)}`);
    }
    expect(problems).toEqual([]);
    // A sample of every (type, version) of the catalogue, derived versions included.
    const published = new Set(sent.map((s) => eventSchemaName(String(s.body.type), String(s.body.dataversion))));
    expect(
      [...listEventEntries().map((e) => eventSchemaName(e.type, e.version))].filter((n) => !published.has(n)),
    ).toEqual([]);
    expect(sent.filter((s) => s.body.subject === "A-CE-FAN")).toHaveLength(4);
    expect(sent.find((s) => s.body.subject === "A-CE-TRACED")).toMatchObject({
      body: { traceparent: expect.any(String), tracestate: "km=1" },
      headers: { traceparent: expect.any(String), tracestate: "km=1" },
    });
  }, 60_000);

  it("the CloudEvents schema refuses what is not an event", () => {
    expect(validateCloudEvent({ specversion: "1.0", id: "x", source: "urn:x", type: "t" })).toBe(true);
    expect(validateCloudEvent({ specversion: "1.0", id: "", source: "urn:x", type: "t" })).toBe(false);
    expect(validateCloudEvent({ specversion: "1.0", id: "x", source: "urn:x", type: "t", time: "yesterday" })).toBe(
      false,
    );
    expect(validateCloudEvent({ specversion: "1.0", id: "x", type: "t" })).toBe(false);
  });
});
