import { z } from "zod";
import { defineContract, type RouteContract } from "./contract";
import { PublicRelayStatus } from "@/server/events/relay-status";

const TAGS = ["Events"];

export const eventCatalogueRoute = defineContract({
  method: "get",
  path: "/v1/events/openapi.json",
  summary: "The event catalogue as OpenAPI 3.1",
  description:
    "One component schema per event type and payload version (`<type>.<version>`, with `x-event-type` and `x-event-version`), " +
    "generated from the same zod schemas that validate every emitted event. On the bus each payload is the `data` of a CloudEvents 1.0 envelope.",
  tags: TAGS,
  auth: "none",
  responses: {
    200: {
      description: "The OpenAPI document.",
      schema: z.object({
        openapi: z.literal("3.1.0"),
        components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
      }),
    },
  },
});

export const eventAsyncApiRoute = defineContract({
  method: "get",
  path: "/v1/events/asyncapi.json",
  summary: "The event catalogue as AsyncAPI 3.0",
  description:
    "One channel per event type (NATS subject `events.<type>`), one message per type and payload version whose payload is the CloudEvents 1.0 envelope " +
    "around that version's schema (the same schemas as `/v1/events/openapi.json`), with the NATS headers beside it.",
  tags: TAGS,
  auth: "none",
  responses: {
    200: {
      description: "The AsyncAPI document.",
      schema: z.object({ asyncapi: z.literal("3.0.0"), channels: z.record(z.string(), z.unknown()) }),
    },
  },
});

export const relayStatusRoute = defineContract({
  method: "get",
  path: "/v1/events/relay-status/",
  summary: "Lag of the outbox relay to NATS JetStream",
  description:
    "Whether the relay keeps up: the age of the oldest unpublished event, the last publish, and the leading relay's heartbeat, for anyone. " +
    "With an organisation's key or token (optional), also that organisation's own unpublished events (count and the oldest, with its attempts and last error) and the relay's totals; never another organisation's. " +
    "200 when healthy; 503 when NATS_URL is set and the oldest unpublished event is older than EVENTS_RELAY_MAX_LAG_SECONDS, no relay heartbeat " +
    "arrived for 30 s, or the leading relay reports it cannot reach NATS. Without NATS_URL the events table is the log: always 200.",
  tags: TAGS,
  auth: "none",
  responses: {
    200: { description: "The relay is keeping up (or is not configured).", schema: PublicRelayStatus },
    503: { description: "The relay is behind or not running.", schema: PublicRelayStatus },
  },
});

/** The events area's REST routes, for /v1/openapi.json. */
export const eventsRoutes: RouteContract[] = [eventCatalogueRoute, eventAsyncApiRoute, relayStatusRoute];
