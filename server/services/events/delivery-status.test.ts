import { and, eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { eventRelayState, events } from "@/db/schema";
import { systemCtx } from "@/server/context";
import { IS_PENDING } from "@/server/events/delivery";
import { markPublished } from "@/server/events/outbox";
import { uniq, useTestDb } from "@/test/db";
import { makeImportedAccount, makeOrg, makeSupplier } from "@/test/factories";
import { getDeliveryStatus } from "./delivery-status";

const t = useTestDb();

async function world() {
  const org = await makeOrg(t.db, "Our Energy");
  const other = await makeOrg(t.db, "Their Energy");
  await makeImportedAccount(org, (await makeSupplier(org)).code);
  await makeImportedAccount(other, (await makeSupplier(other)).code);
  const waiting = async (organisationId: number) =>
    (
      await t.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.organisationId, organisationId), IS_PENDING))
    ).length;
  return { org, ctx: systemCtx(t.db, "test", org.id), ours: await waiting(org.id), theirs: await waiting(other.id) };
}

async function leaderBeat(stream: string, secondsAgo: number, natsConnected: boolean) {
  const row = {
    stream,
    leader: "web-1",
    leaderSince: sql`now() - interval '1 hour'`,
    heartbeatAt: sql`now() - make_interval(secs => ${secondsAgo})`,
    natsConnected,
    lastPublishedAt: sql`now()`,
  };
  await t.db.insert(eventRelayState).values(row).onConflictDoUpdate({ target: eventRelayState.stream, set: row });
}

describe("event delivery status", () => {
  it("counts only this organisation's waiting events, oldest first, up to a cap", async () => {
    const w = await world();
    // Both organisations have events waiting (the key, the account, its agreements, the import).
    expect(w.ours).toBeGreaterThanOrEqual(4);
    expect(w.theirs).toBeGreaterThanOrEqual(4);
    const status = await getDeliveryStatus(w.ctx, { stream: uniq("S") });
    expect(status).toMatchObject({
      relay: "stopped",
      pending: w.ours,
      heartbeatAgeSeconds: null,
      lastPublishedAt: null,
    });
    expect(status.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(status.oldestPendingAgeSeconds).toBeLessThan(60);
    expect((await getDeliveryStatus(w.ctx, { stream: uniq("S"), pendingCap: 2 })).pending).toBe(2);
    // A fan-out row (one per transactions request) waits as the events it stands for.
    const shared = {
      ledger: { account: { number: "A-00000000" }, number: "L-00000000" },
      entry: { source_type: "data_import.transaction" },
    };
    await t.db.insert(events).values({
      id: uuidv7(),
      type: "billing.ledger.entry_posted",
      version: "v2",
      payload: shared,
      organisationId: w.org.id,
      fanoutIds: [1, 2, 3],
      fanoutKinds: ["CHARGE", "CHARGE", "CREDIT"],
    });
    expect((await getDeliveryStatus(w.ctx, { stream: uniq("S") })).pending).toBe(w.ours + 3);
    expect((await getDeliveryStatus(w.ctx, { stream: uniq("S"), pendingCap: w.ours + 1 })).pending).toBe(w.ours + 1);

    const seqs = (await t.db.select({ seq: events.seq }).from(events).where(eq(events.organisationId, w.org.id))).map(
      (r) => r.seq,
    );
    await markPublished(t.db, uniq("S"), { seqs, lastSeq: Math.max(...seqs) });
    expect(await getDeliveryStatus(w.ctx, { stream: uniq("S") })).toMatchObject({
      pending: 0,
      oldestPendingAgeSeconds: null,
    });
  });

  it("tells delivering, disconnected and stopped apart by the leader's heartbeat and NATS connection", async () => {
    const w = await world();
    const stream = uniq("S");
    await leaderBeat(stream, 2, true);
    const delivering = await getDeliveryStatus(w.ctx, { stream });
    expect(delivering).toMatchObject({ stream, relay: "delivering", pending: w.ours });
    expect(delivering.heartbeatAgeSeconds).toBeGreaterThanOrEqual(2);
    expect(delivering.lastPublishedAt).toBeInstanceOf(Date);

    await leaderBeat(stream, 2, false);
    expect((await getDeliveryStatus(w.ctx, { stream })).relay).toBe("disconnected");

    // A leader whose heartbeat is older than 30 s is taken for dead, connected or not.
    await leaderBeat(stream, 31, true);
    expect(await getDeliveryStatus(w.ctx, { stream })).toMatchObject({ relay: "stopped", pending: w.ours });
  });

  it("says no bus is configured when NATS_URL is unset and no relay is alive; with NATS_URL the relay's state stands", async () => {
    const w = await world();
    const stream = uniq("S");
    expect(await getDeliveryStatus(w.ctx, { stream, natsConfigured: false })).toMatchObject({
      bus: "none",
      relay: "stopped",
    });
    expect(await getDeliveryStatus(w.ctx, { stream, natsConfigured: true })).toMatchObject({
      bus: "nats",
      relay: "stopped",
      pending: w.ours,
    });
    // A relay run elsewhere (npm run relay) with this instance unconfigured: its alarm still shows.
    await leaderBeat(stream, 1, false);
    expect(await getDeliveryStatus(w.ctx, { stream, natsConfigured: false })).toMatchObject({
      bus: "nats",
      relay: "disconnected",
    });
  });
});
