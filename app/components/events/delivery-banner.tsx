"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/app/components/trpc/react";
import { formatCount, formatSeconds, timeAgo } from "@/app/components/ui/format";

/**
 * Whether the organisation's events are reaching the event bus: every event is stored with
 * its change and waits in the outbox until the relay publishes it, so "pending" rows are
 * explained here rather than left to look like a fault.
 */
export function DeliveryBanner({ refetchInterval }: { refetchInterval: number | false }) {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.event.delivery.queryOptions(), refetchInterval });
  const d = q.data;
  if (!d) return null;
  const waiting =
    d.pending === 0
      ? "none waiting"
      : `${formatCount(d.pending)}${d.pending >= d.pendingCap ? "+" : ""} waiting${d.oldestPendingAgeSeconds !== null ? `, the oldest for ${formatSeconds(d.oldestPendingAgeSeconds)}` : ""}`;
  if (d.bus === "none") {
    return (
      <div className="alert alert-info" role="status" aria-label="Event delivery">
        <span>
          <strong>Events are kept in the database</strong>
          No event bus is configured for this platform, so no event is published: each stays marked “pending” below (
          {waiting.replace(" waiting", " pending")}), and this log is where they are kept, every one of them. Nothing is
          lost; with a bus configured they are published in order.
        </span>
      </div>
    );
  }
  if (d.relay === "delivering") {
    return (
      <div className="alert alert-ok" role="status" aria-label="Event delivery">
        <span>
          <strong>Delivering to the event bus</strong>
          NATS JetStream, stream {d.stream}: {waiting}; the relay last published {timeAgo(d.lastPublishedAt)}.
        </span>
      </div>
    );
  }
  if (d.relay === "disconnected") {
    return (
      <div className="alert alert-warn" role="status" aria-label="Event delivery">
        <span>
          <strong>The event relay cannot reach the event bus</strong>
          Events are stored with each change and wait in the outbox ({waiting}); they are published in order once it
          reconnects. Nothing is lost. If this lasts, contact the platform team.
        </span>
      </div>
    );
  }
  return (
    <div className={`alert ${d.pending ? "alert-warn" : "alert-info"}`} role="status" aria-label="Event delivery">
      <span>
        <strong>No event relay is running</strong>
        Events are stored with each change and wait in the outbox ({waiting}); they are published in order once the
        relay runs again. Nothing is lost. If this lasts, contact the platform team.
      </span>
    </div>
  );
}
