import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventRelayState } from "@/db/schema";
import { useTestDb, uniq } from "@/test/db";
import { getRelayStatus } from "./relay-status";

const t = useTestDb();

describe("relay status", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is unhealthy while the live leader reports NATS unreachable, even with nothing waiting", async () => {
    const stream = uniq("NATSDOWN");
    vi.stubEnv("NATS_URL", "nats://127.0.0.1:1");
    // Other tests leave unpublished events in the shared outbox: take lag out of the verdict.
    vi.stubEnv("EVENTS_RELAY_MAX_LAG_SECONDS", String(10 * 365 * 86400));
    await t.db
      .insert(eventRelayState)
      .values({ stream, leader: "instance-1", leaderSince: new Date(), heartbeatAt: sql`now()`, natsConnected: false });
    const down = await getRelayStatus(t.db, { stream });
    expect(down).toMatchObject({ healthy: false, leader: { instance: "instance-1", nats_connected: false } });

    await t.db
      .update(eventRelayState)
      .set({ natsConnected: true, heartbeatAt: sql`now()` })
      .where(eq(eventRelayState.stream, stream));
    expect(await getRelayStatus(t.db, { stream })).toMatchObject({ healthy: true, leader: { nats_connected: true } });
  });

  it("is healthy without NATS_URL: the events table is then the log", async () => {
    vi.stubEnv("NATS_URL", "");
    expect(await getRelayStatus(t.db, { stream: uniq("NONATS") })).toMatchObject({
      relay_configured: false,
      healthy: true,
    });
  });
});
