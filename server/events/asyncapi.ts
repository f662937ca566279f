import { CLOUDEVENTS_CONTENT_TYPE, DEFAULT_EVENT_SOURCE, DEFAULT_SUBJECT_PREFIX, natsSubject } from "./envelope";
import { buildEventsOpenApi, eventSchemaName } from "./openapi";
import { listEventEntries } from "./registry";
import { deliveredVersions, storedVersionOf } from "./versions";

type JsonSchema = Record<string, unknown>;

export type EventsAsyncApi = {
  asyncapi: "3.0.0";
  info: { title: string; version: string; description: string };
  defaultContentType: string;
  servers: Record<string, unknown>;
  channels: Record<string, JsonSchema>;
  operations: Record<string, JsonSchema>;
  components: {
    schemas: Record<string, JsonSchema>;
    messages: Record<string, JsonSchema>;
    messageTraits: Record<string, JsonSchema>;
  };
};

/** A channel's id: the event type (AsyncAPI ids may hold letters, digits, `.`, `-` and `_`). */
export const channelId = (type: string) => type.replace(/[^A-Za-z0-9._-]/g, "_");

/**
 * The CloudEvents 1.0 structured-mode envelope the relay publishes (envelope.ts), with the
 * `dataversion` extension and the distributed-tracing extension (`traceparent`, `tracestate`),
 * for one type and version: `type` and `dataversion` fixed, `data` that version's payload schema.
 */
function envelopeSchema(type: string, version: string): JsonSchema {
  return {
    type: "object",
    required: ["specversion", "id", "source", "type", "time", "datacontenttype", "dataversion", "data"],
    properties: {
      specversion: { type: "string", const: "1.0" },
      id: {
        type: "string",
        format: "uuid",
        description:
          "The event id (UUIDv7 for a stored event; a name-based UUID for a derived version or a fan-out row's event); the deduplication key, also sent as `Nats-Msg-Id`.",
      },
      source: {
        type: "string",
        format: "uri-reference",
        description: `EVENT_SOURCE (default \`${DEFAULT_EVENT_SOURCE}\`).`,
      },
      type: { type: "string", const: type },
      time: {
        type: "string",
        format: "date-time",
        description: "When the change committed (the database's clock, UTC, milliseconds).",
      },
      subject: { type: "string", minLength: 1, description: "The platform account number, for an account's event." },
      datacontenttype: { type: "string", const: "application/json" },
      dataversion: { type: "string", const: version, description: "Extension attribute: the payload version." },
      traceparent: {
        type: "string",
        pattern: "^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$",
        description:
          "Distributed-tracing extension: the W3C trace context of the request that caused the event (when it was traced).",
      },
      tracestate: {
        type: "string",
        description: "Distributed-tracing extension: the W3C `tracestate` beside `traceparent`.",
      },
      data: { $ref: `#/components/schemas/${eventSchemaName(type, version)}` },
    },
    additionalProperties: false,
  };
}

/** The NATS headers beside every envelope: the CloudEvents attributes a consumer routes and filters on without parsing the body. */
const NATS_HEADERS: JsonSchema = {
  type: "object",
  required: ["Nats-Msg-Id", "Content-Type", "Event-Type", "Event-Version"],
  properties: {
    "Nats-Msg-Id": {
      type: "string",
      description: "= the envelope's `id`: JetStream drops a second copy within the stream's duplicate window.",
    },
    "Content-Type": { type: "string", const: CLOUDEVENTS_CONTENT_TYPE },
    "Event-Type": { type: "string", description: "= the envelope's `type`." },
    "Event-Version": { type: "string", description: "= the envelope's `dataversion`." },
    "Event-Account": { type: "string", description: "= the envelope's `subject`, when present." },
    traceparent: { type: "string", description: "= the envelope's `traceparent`, when present." },
    tracestate: { type: "string", description: "= the envelope's `tracestate`, when present." },
  },
};

/**
 * AsyncAPI 3.0 document of the whole catalogue as the relay publishes it: one channel per
 * type (subject `<prefix>.<type>` on stream EVENTS), one message per delivered version whose
 * payload is the CloudEvents envelope around that version's schema, and a send operation per
 * channel. The payload schemas are the events OpenAPI's components, so both documents come
 * from the one registry.
 */
export function buildEventsAsyncApi(subjectPrefix = DEFAULT_SUBJECT_PREFIX): EventsAsyncApi {
  const payloads = buildEventsOpenApi().components.schemas;
  const schemas: Record<string, JsonSchema> = {};
  const messages: Record<string, JsonSchema> = {};
  const channels: Record<string, JsonSchema> = {};
  const operations: Record<string, JsonSchema> = {};
  const byType = new Map<string, string[]>();
  for (const { type, version } of listEventEntries()) byType.set(type, [...(byType.get(type) ?? []), version]);
  for (const [type, versions] of byType) {
    const id = channelId(type);
    const channelMessages: Record<string, JsonSchema> = {};
    for (const version of versions) {
      const name = eventSchemaName(type, version);
      schemas[name] = payloads[name];
      const stored = storedVersionOf(type);
      const derived = stored !== undefined && stored !== version && deliveredVersions(type, stored).includes(version);
      messages[name] = {
        name,
        title: `${type} ${version}`,
        summary: derived
          ? `Derived by the relay from each stored ${stored} event (ADR 0007).`
          : `One event of type ${type}, payload version ${version}.`,
        contentType: CLOUDEVENTS_CONTENT_TYPE,
        traits: [{ $ref: "#/components/messageTraits/cloudEvent" }],
        payload: envelopeSchema(type, version),
      };
      channelMessages[name] = { $ref: `#/components/messages/${name}` };
    }
    channels[id] = {
      address: natsSubject(type, subjectPrefix),
      title: type,
      description: `Every ${type} event, each payload version as its own message.`,
      messages: channelMessages,
    };
    operations[`publish.${id}`] = {
      action: "send",
      title: `Publish ${type}`,
      channel: { $ref: `#/channels/${id}` },
      messages: Object.keys(channelMessages).map((m) => ({ $ref: `#/channels/${id}/messages/${m}` })),
    };
  }
  return {
    asyncapi: "3.0.0",
    info: {
      title: "Account migration events",
      version: "1.0.0",
      description:
        `Every change's events, relayed from the transactional outbox to NATS JetStream stream EVENTS (subjects \`${subjectPrefix}.>\`) as CloudEvents 1.0 in structured mode, ` +
        "in order per account, exactly once per message id. The payload schemas are the same as GET /v1/events/openapi.json's.",
    },
    defaultContentType: CLOUDEVENTS_CONTENT_TYPE,
    servers: {
      nats: { host: "localhost:4222", protocol: "nats", description: "The deployment's NATS_URL (JetStream enabled)." },
    },
    channels,
    operations,
    components: {
      schemas,
      messages,
      messageTraits: { cloudEvent: { headers: NATS_HEADERS } },
    },
  };
}
