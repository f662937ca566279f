import { z } from "zod";
import { PublicRelayStatus } from "../../events/relay-status";
import type { RouteDoc } from "./types";

const TAGS = ["Events"];

/** The events area's REST routes, for /v1/openapi.json. */
export const eventsRouteDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/v1/events/openapi.json",
    summary: "The event catalogue as OpenAPI 3.1",
    description:
      "One component schema per event type and payload version (`<type>.<version>`, with `x-event-type` and `x-event-version`), " +
      "generated from the same zod schemas that validate every emitted event. On the bus each payload is the `data` of a CloudEvents 1.0 envelope.",
    tags: TAGS,
    auth: "none",
    responses: { 200: { description: "The OpenAPI document.", schema: z.object({ openapi: z.literal("3.1.0"), components: z.object({ schemas: z.record(z.string(), z.unknown()) }) }) } },
  },
  {
    method: "get",
    path: "/v1/events/relay-status/",
    summary: "Lag of the outbox relay to NATS JetStream",
    description:
      "Unpublished events (count, age of the oldest, its attempts and last error), the last publish, and the leading relay's heartbeat. " +
      "200 when healthy; 503 when NATS_URL is set and the oldest unpublished event is older than EVENTS_RELAY_MAX_LAG_SECONDS, no relay heartbeat " +
      "arrived for 30 s, or the leading relay reports it cannot reach NATS. Without NATS_URL the events table is the log: always 200.",
    tags: TAGS,
    auth: "none",
    responses: {
      200: { description: "The relay is keeping up (or is not configured).", schema: PublicRelayStatus },
      503: { description: "The relay is behind or not running.", schema: PublicRelayStatus },
    },
  },
];
