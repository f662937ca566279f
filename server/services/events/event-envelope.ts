import type { events } from "@/db/schema";

type EventRow = typeof events.$inferSelect;

/** Placeholder until server/events/envelope.ts lands: the CloudEvents 1.0 attributes of a row. */
export function toEnvelope(row: EventRow): Record<string, unknown> {
  return {
    specversion: "1.0",
    id: row.id,
    source: "/kraken-migrate",
    type: row.type,
    dataschema: `#/components/schemas/${row.type}.${row.version}`,
    subject: row.accountNumber ?? undefined,
    time: row.occurredAt.toISOString(),
    datacontenttype: "application/json",
    data: row.payload,
  };
}
