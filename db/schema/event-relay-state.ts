import { bigint, boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// One row per JetStream stream the relay feeds: written by the leading relay instance,
// read by every app instance's status route, so the lag report holds across processes.
export const eventRelayState = pgTable("event_relay_state", {
  stream: text().primaryKey(),
  leader: text(),
  leaderSince: timestamp({ withTimezone: true }),
  heartbeatAt: timestamp({ withTimezone: true }),
  natsConnected: boolean().notNull().default(false),
  lastPublishedAt: timestamp({ withTimezone: true }),
  lastPublishedSeq: bigint({ mode: "number" }),
  publishedTotal: bigint({ mode: "number" }).notNull().default(0),
  lastError: text(),
  lastErrorAt: timestamp({ withTimezone: true }),
});
