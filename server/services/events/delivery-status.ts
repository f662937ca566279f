import { asc, eq, sql } from "drizzle-orm";
import { execRows } from "@/db/client";
import { eventPending, eventRelayState, events } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { EVENTS_IN_ROW } from "../../events/fanout";
import { dbNow } from "../../events/outbox";
import { STALE_HEARTBEAT_SECONDS } from "../../events/relay-status";
import { env } from "@/server/env.mjs";

/**
 * - delivering: a relay leader's heartbeat is fresh and it is connected to NATS.
 * - disconnected: a leader is alive but cannot reach NATS; events wait and go out in order once it reconnects.
 * - stopped: no live leader (no relay configured, or every instance down); events wait in the outbox.
 */
export const RELAY_STATES = ["delivering", "disconnected", "stopped"] as const;
export type RelayState = (typeof RELAY_STATES)[number];

/** Counting a backlog stops here: a long outage must not make every poll of the page slow. */
export const PENDING_COUNT_CAP = 10_000;

export type DeliveryStatus = {
  stream: string;
  /**
   * none: no NATS_URL here and no relay alive anywhere: the events table is the log and
   * nothing is meant to be published (the embedded quick start), so nothing is "waiting".
   */
  bus: "nats" | "none";
  relay: RelayState;
  /** Seconds since the leader's last heartbeat, when there is a leader. */
  heartbeatAgeSeconds: number | null;
  lastPublishedAt: Date | null;
  /** This organisation's events not yet published, counted up to `pendingCap`. */
  pending: number;
  pendingCap: number;
  oldestPendingAgeSeconds: number | null;
};

/**
 * Whether the organisation's events are reaching the event bus: the relay's liveness from
 * the state row its leader keeps (any instance may answer) and the organisation's own
 * backlog. The relay's error text is not shown: it names infrastructure, not the tenant's data.
 */
export async function getDeliveryStatus(
  ctx: Ctx,
  opts: { stream?: string; pendingCap?: number; natsConfigured?: boolean } = {},
): Promise<DeliveryStatus> {
  const organisationId = organisationOf(ctx);
  const stream = opts.stream ?? env.EVENTS_STREAM;
  const cap = opts.pendingCap ?? PENDING_COUNT_CAP;
  const mine = eq(eventPending.organisationId, organisationId);
  const oldest = ctx.db
    .select({ seq: eventPending.seq })
    .from(eventPending)
    .where(mine)
    .orderBy(asc(eventPending.seq))
    .limit(1)
    .as("oldest");
  const [[{ pending }], [head], [state], now] = await Promise.all([
    execRows<{ pending: number }>(
      ctx.db,
      // Events, not rows: a fan-out row counts as the events it stands for.
      // Shaped so each pending row is looked up by key, whatever the statistics say (ADR 0304).
      sql`select least(coalesce(sum((select ${EVENTS_IN_ROW} from ${events} where ${events.seq} = p.seq)), 0), ${cap})::int as pending
          from (select seq from ${eventPending} where ${mine} limit ${cap}) as p`,
    ),
    ctx.db.select({ createdAt: events.createdAt }).from(oldest).innerJoin(events, eq(events.seq, oldest.seq)),
    ctx.db.select().from(eventRelayState).where(eq(eventRelayState.stream, stream)),
    dbNow(ctx.db),
  ]);
  const ageOf = (d: Date | null | undefined) =>
    d ? Math.max(0, (now.getTime() - new Date(d).getTime()) / 1000) : null;
  const heartbeatAgeSeconds = state?.leader ? ageOf(state.heartbeatAt) : null;
  const alive = heartbeatAgeSeconds !== null && heartbeatAgeSeconds <= STALE_HEARTBEAT_SECONDS;
  const natsConfigured = opts.natsConfigured ?? Boolean(env.NATS_URL);
  return {
    stream,
    bus: natsConfigured || alive ? "nats" : "none",
    relay: !alive ? "stopped" : state.natsConnected ? "delivering" : "disconnected",
    heartbeatAgeSeconds,
    lastPublishedAt: state?.lastPublishedAt ?? null,
    pending: Number(pending),
    pendingCap: cap,
    oldestPendingAgeSeconds: ageOf(head?.createdAt),
  };
}
