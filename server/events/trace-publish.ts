import type { PubAck } from "@nats-io/jetstream";
import { inSpan, SpanKind, traceContextOf } from "@/server/lib/tracing.mjs";
import { natsSubject } from "./envelope";
import type { RelayMessage } from "./publish-batch";
import type { RelayConfig } from "./relay-config";

/**
 * The relay's publish of one message as a PRODUCER span (ADR 0044): a child of the request that
 * wrote the event, from the row's stored `traceparent`, so that request's trace shows when its
 * event reached the bus; an untraced event's span is a child of the batch's. Only used when
 * tracing is on.
 */
export function tracedPublish(
  cfg: Pick<RelayConfig, "subjectPrefix" | "stream">,
  publish: (m: RelayMessage) => Promise<PubAck>,
) {
  return (m: RelayMessage): Promise<PubAck> => {
    const subject = natsSubject(m.type, cfg.subjectPrefix);
    return inSpan(
      `publish ${subject}`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          "messaging.system": "nats",
          "messaging.operation.type": "send",
          "messaging.destination.name": subject,
          "messaging.message.id": m.id,
          "cloudevents.event_id": m.id,
          "cloudevents.event_type": m.type,
          "cloudevents.event_subject": m.accountNumber ?? "",
          "event.version": m.version,
          "event.seq": m.seq,
        },
      },
      async (span) => {
        const ack = await publish(m);
        span?.setAttributes({
          "messaging.nats.stream": ack.stream,
          "messaging.nats.stream_seq": ack.seq,
          "messaging.nats.duplicate": ack.duplicate,
        });
        return ack;
      },
      m.traceparent ? traceContextOf(m.traceparent, m.tracestate) : undefined,
    );
  };
}
