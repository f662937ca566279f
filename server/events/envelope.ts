/** An outbox row as the relay reads it. */
export type OutboxEvent = {
  id: string;
  seq: number;
  type: string;
  version: string;
  occurredAt: Date;
  accountNumber: string | null;
  organisationId: number | null;
  payload: Record<string, unknown>;
  /** The W3C trace context of the request that wrote the event, when it was traced (ADR 0044). */
  traceparent?: string | null;
  tracestate?: string | null;
  /**
   * The envelope as JSON text, when PostgreSQL wrote it for the relay (fetchUnpublished,
   * with the relay's source): sent as it is (cloudEventJson).
   */
  body?: string;
};

/**
 * CloudEvents 1.0 structured-mode JSON, plus the `dataversion` extension (the payload version)
 * and, for an event written while its request was traced, the distributed-tracing extension.
 */
export type CloudEvent = {
  specversion: "1.0";
  id: string;
  source: string;
  type: string;
  time: string;
  subject?: string;
  datacontenttype: "application/json";
  dataversion: string;
  traceparent?: string;
  tracestate?: string;
  data: Record<string, unknown>;
};

export const CLOUDEVENTS_CONTENT_TYPE = "application/cloudevents+json; charset=utf-8";
export const DEFAULT_EVENT_SOURCE = "urn:kraken-migrate";
export const DEFAULT_SUBJECT_PREFIX = "events";

// NATS subject tokens may not hold whitespace, wildcards or empty tokens.
const SUBJECT_TOKEN = /^[A-Za-z0-9_-]+$/;

export function toCloudEvent(event: OutboxEvent, source: string): CloudEvent {
  return {
    specversion: "1.0",
    id: event.id,
    source,
    type: event.type,
    time: event.occurredAt.toISOString(),
    ...(event.accountNumber ? { subject: event.accountNumber } : {}),
    datacontenttype: "application/json",
    dataversion: event.version,
    ...(event.traceparent ? { traceparent: event.traceparent } : {}),
    ...(event.traceparent && event.tracestate ? { tracestate: event.tracestate } : {}),
    data: event.payload,
  };
}

/**
 * The envelope as the JSON text sent on the bus: the one PostgreSQL wrote for the relay
 * (members in toCloudEvent's order; `data` in jsonb's text form, with spaces after `:` and
 * `,`), else JSON.stringify(toCloudEvent(...)).
 */
export function cloudEventJson(event: OutboxEvent, source: string): string {
  return event.body ?? JSON.stringify(toCloudEvent(event, source));
}

/** `events.<type>`: the type's own dots become subject tokens, so `events.account.>` filters a domain. */
export function natsSubject(type: string, prefix = DEFAULT_SUBJECT_PREFIX): string {
  const tokens = type.split(".");
  if (!tokens.every((t) => SUBJECT_TOKEN.test(t))) throw new Error(`Event type "${type}" cannot be a NATS subject`);
  return `${prefix}.${type}`;
}

/**
 * Headers beside the envelope, so consumers can route and filter without parsing the body.
 * `Nats-Msg-Id` (= event id) is added by the publisher from the same id.
 */
export function natsHeaderValues(event: OutboxEvent): Record<string, string> {
  return {
    "Content-Type": CLOUDEVENTS_CONTENT_TYPE,
    "Event-Type": event.type,
    "Event-Version": event.version,
    ...(event.accountNumber ? { "Event-Account": event.accountNumber } : {}),
    ...(event.traceparent ? { traceparent: event.traceparent } : {}),
    ...(event.traceparent && event.tracestate ? { tracestate: event.tracestate } : {}),
  };
}

/** A CloudEvents `source` is a non-empty URI-reference; reject obvious mistakes at start-up. */
export function assertEventSource(source: string): string {
  if (!source || /\s/.test(source)) throw new Error(`EVENT_SOURCE "${source}" is not a URI-reference`);
  return source;
}
