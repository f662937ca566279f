import { type Db, type DbHandle, getDbHandle } from "@/db/client";
import { isDatabaseUnavailable } from "@/db/errors";
import { metrics } from "@/server/lib/metrics.mjs";
import { inSpan, tracingEnabled } from "@/server/lib/tracing.mjs";
import { logger } from "../logger";
import { eventCount, isFanout, type StoredEvent } from "./fanout";
import { NatsLink, ensureStream, publishEvent } from "./nats";
import {
  type BlockedChains,
  fetchUnpublished,
  markPublished,
  recordFailures,
  vacuumPending,
  writeHeartbeat,
} from "./outbox";
import { type Acked, type RelayMessage, type RowsResult, orderingKey, publishRows } from "./publish-batch";
import { type RelayConfig, relayConfigFromEnv } from "./relay-config";
import { type RelaySession, openRelaySession } from "./relay-session";
import { tracedPublish } from "./trace-publish";

export type RelayOptions = Partial<RelayConfig> & {
  /** The database to relay from; the process-wide one by default. */
  handle?: DbHandle;
  /**
   * Called after each batch is marked published, with the time each message of the stamped
   * rows was acked: one item per message, `event.id` its message id (the row id for the
   * stored version), `event.rowId` and `event.seq` the row's.
   */
  onPublished?: (acked: Acked<RelayMessage>[]) => void;
  /**
   * Off only to prove that ordering and exactly-once hold without it: leader election
   * saves duplicate work, it is not what keeps order (ADR 0300).
   */
  leaderElection?: boolean;
};

/**
 * `published`, `duplicates` and `failedPublishes` count messages, not rows: a row delivered
 * as derived versions too (ADR 0007) is several. `published` counts a row's acked messages
 * when the row is stamped, so a partly delivered row counts once it completes (the copies
 * JetStream already held then count as duplicates). Events (not versions) are counted by
 * the status's `published_total`.
 */
export type RelayStats = {
  leader: boolean;
  natsConnected: boolean;
  published: number;
  duplicates: number;
  failedPublishes: number;
  lastPublishAt: Date | null;
  lastError: string | null;
};

type WakeReason = "nats" | "stop";
type Marking = { done: Promise<void>; seqs: number[] };
/**
 * Stampings that may run behind the publishing. Two, not more: every row of an unfinished
 * stamping is still unpublished to the next read, which must step over it (and over its
 * in-progress update), so three in flight cost PostgreSQL 56–59 core-µs per event against
 * 36–43 with two and 31–42 with one (bench:events, 2026-11-22).
 */
const MAX_MARKINGS = 2;
/** Vacuum event_pending after this many delivered rows, or this long after the first unvacuumed one. */
const VACUUM_AFTER_ROWS = 20_000;
const VACUUM_AFTER_MS = 10_000;

/**
 * Publishes the outbox to JetStream: one leader at a time (PostgreSQL advisory lock), in
 * `seq` order with at most one in-flight publish per account, each row as every version it
 * is delivered as (versions.ts), marking a row once all its messages are acked,
 * retrying with backoff while NATS or PostgreSQL is away. It polls the outbox's partial
 * index every EVENTS_RELAY_POLL_MS when idle and loops at once while there is a backlog.
 */
export class EventRelay {
  readonly config: RelayConfig;
  readonly stats: RelayStats = {
    leader: false,
    natsConnected: false,
    published: 0,
    duplicates: 0,
    failedPublishes: 0,
    lastPublishAt: null,
    lastError: null,
  };
  private running = false;
  private done: Promise<void> = Promise.resolve();
  private waiters = new Set<(r: WakeReason) => void>();
  private beatDue = false;
  private leaderSince: Date | null = null;
  private lastBeat = 0;
  private streamReady = false;
  private backoff = 0;
  /** Earlier batches' markings, overlapped with publishing the next batches (oldest first). */
  private markings: Marking[] = [];
  private prefetched: StoredEvent[] | null = null;
  /**
   * Ordering chains (orderingKey) whose head row failed, with that head: until the head is
   * delivered only it is read of its chain, so the chain's held rows never crowd the others
   * out of a batch (a stuck account with a batch-sized backlog stalled every account).
   */
  private blocked = new Map<string, StoredEvent>();
  private readonly nats: NatsLink;
  private unvacuumed = 0;
  private unvacuumedSince = 0;
  private vacuuming: Promise<void> | null = null;

  constructor(private readonly opts: RelayOptions = {}) {
    this.config = relayConfigFromEnv(opts);
    if (!this.config.natsUrl) throw new Error("The events relay needs NATS_URL");
    this.nats = new NatsLink(this.config.natsUrl, `kraken-migrate-events-relay ${this.config.instanceId}`);
  }

  start(): this {
    if (this.running) return this;
    this.running = true;
    this.done = this.run().catch((err) => logger.error("events relay stopped on an error", { err }));
    return this;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.signal("stop");
    await this.done;
  }

  private signal(reason: WakeReason) {
    for (const w of this.waiters) w(reason);
  }

  /** Sleeps up to `ms`; NATS coming back or stop() ends it early. */
  private wait(ms: number): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.waiters.add(finish);
    });
  }

  private async run() {
    const handle = this.opts.handle ?? (await getDbHandle());
    let session: RelaySession | undefined;
    try {
      session = await openRelaySession(handle, this.config.stream, this.config.instanceId);
      this.nats.onChange(() => {
        this.stats.natsConnected = this.nats.connected;
        this.beatDue = true;
        this.signal("nats");
      });
      void this.nats.start();
      while (this.running) {
        try {
          await this.turn(handle.db, session);
        } catch (err) {
          this.prefetched = null;
          this.stats.lastError = err instanceof Error ? err.message : String(err);
          logger.warn("events relay: retrying after an error", { err });
          await this.backOff(err);
        }
      }
    } finally {
      await this.settleMarking().catch(() => {});
      await this.vacuuming;
      this.stats.leader = false;
      metrics().relayLeader.set(0);
      await this.nats.close();
      await session?.close().catch((err) => logger.warn("events relay: closing its session failed", { err }));
    }
  }

  /** One step of the loop: lead, heartbeat, then relay one batch or wait for work. */
  private async turn(db: Db, session: RelaySession) {
    const cfg = this.config;
    const elect = this.opts.leaderElection !== false;
    if (!this.leaderSince) {
      if (elect && !(await session.tryLead())) return this.wait(cfg.standbyRetryMs);
      this.leaderSince = new Date();
      this.lastBeat = 0;
      this.stats.leader = true;
      metrics().relayLeader.set(1);
      logger.info("events relay: leading", { instance: cfg.instanceId, stream: cfg.stream });
    }
    if (this.beatDue || Date.now() - this.lastBeat >= cfg.heartbeatMs) {
      this.beatDue = false;
      if (elect && !(await session.stillLeading())) {
        logger.warn("events relay: lost the leader lock", { instance: cfg.instanceId });
        await this.settleMarking();
        this.prefetched = null;
        this.leaderSince = null;
        this.stats.leader = false;
        metrics().relayLeader.set(0);
        return;
      }
      await writeHeartbeat(db, cfg.stream, {
        leader: cfg.instanceId,
        leaderSince: this.leaderSince,
        natsConnected: this.nats.connected,
        error: this.stats.lastError,
      });
      this.lastBeat = Date.now();
    }
    if (!this.nats.connected) {
      this.streamReady = false;
      this.prefetched = null;
      await this.settleMarking();
      return this.wait(cfg.heartbeatMs);
    }
    if (!this.streamReady) {
      await ensureStream(this.nats.connection, cfg);
      this.streamReady = true;
    }
    const batch =
      this.prefetched ??
      (await fetchUnpublished(db, {
        limit: cfg.batchSize,
        source: cfg.source,
        skipSeqs: this.markingSeqs(),
        blocked: this.blockedChains(),
      }));
    this.prefetched = null;
    if (!batch.length) {
      await this.settleMarking();
      return this.wait(cfg.pollMs);
    }
    await this.relayBatch(db, batch);
  }

  /**
   * Publishes one batch. With a backlog, the next batch is read while this one is in
   * flight and this one is marked while the next is in flight, so the database round
   * trips overlap the publishing; the read-ahead is dropped if anything here failed.
   */
  private async relayBatch(db: Db, batch: StoredEvent[]) {
    const cfg = this.config;
    const js = this.nats.client;
    const inFlight = [...this.markingSeqs(), ...batch.map((e) => e.seq)];
    // A full batch (or one cut short by a fan-out row's events) means there is a backlog.
    const next =
      batch.length === cfg.batchSize || batch.some(isFanout)
        ? fetchUnpublished(db, {
            limit: cfg.batchSize,
            source: cfg.source,
            skipSeqs: inFlight,
            blocked: this.blockedChains(),
          })
        : null;
    next?.catch(() => {});
    const send = (m: RelayMessage) => publishEvent(js, cfg, m);
    // With tracing on, the batch is a span and each message's publish one, under its request's trace when it has one (ADR 0044).
    const result = tracingEnabled()
      ? await inSpan(
          "events relay batch",
          { attributes: { "messaging.system": "nats", "messaging.batch.message_count": batch.length } },
          () => publishRows(batch, tracedPublish(cfg, send)),
        )
      : await publishRows(batch, send);
    this.updateBlocked(batch, result);
    if (!result.failed.length) {
      if (this.markings.length >= MAX_MARKINGS) await this.settleOldestMarking();
      const done = this.mark(db, result);
      done.catch(() => {}); // handled when settled; keeps Node from reporting it early
      this.markings.push({ done, seqs: batch.map((e) => e.seq) });
      this.stats.lastError = null;
      this.backoff = 0;
      const ahead = next ? await next : [];
      this.prefetched = ahead.length ? ahead : null;
      return;
    }
    await next?.catch(() => {});
    await this.settleMarking();
    await this.mark(db, result);
    this.stats.failedPublishes += result.failed.length;
    metrics().eventsPublishFailures.inc(result.failed.length);
    this.stats.lastError = result.failed[0].error;
    logger.warn("events relay: publishes failed", {
      failed: result.failed.length,
      held: result.held,
      error: result.failed[0].error,
    });
    await recordFailures(db, result.failedRows);
    this.streamReady = false;
    // Progress elsewhere means only some accounts are stuck: keep going; otherwise back off.
    if (result.delivered.length) this.backoff = 0;
    else await this.backOff();
  }

  /** Stamps the rows all of whose messages were acked; a partly delivered row stays unpublished. */
  private async mark(db: Db, result: RowsResult) {
    const rows = result.delivered;
    if (!rows.length) return;
    const seqs = rows.map((r) => r.seq);
    await markPublished(db, this.config.stream, {
      seqs,
      lastSeq: Math.max(...seqs),
      events: rows.reduce((n, r) => n + eventCount(r), 0),
    });
    this.vacuumIfDue(db, rows.length);
    this.stats.published += result.deliveredAcks.length;
    metrics().eventsPublished.inc(result.deliveredAcks.length);
    this.stats.duplicates += result.deliveredAcks.filter((a) => a.ack.duplicate).length;
    this.stats.lastPublishAt = new Date();
    this.opts.onPublished?.(result.deliveredAcks);
  }

  /** Starts a vacuum of event_pending in the background when enough deleted rows have piled up (one at a time). */
  private vacuumIfDue(db: Db, deleted: number) {
    if (!this.unvacuumed) this.unvacuumedSince = Date.now();
    this.unvacuumed += deleted;
    if (this.vacuuming || (this.unvacuumed < VACUUM_AFTER_ROWS && Date.now() - this.unvacuumedSince < VACUUM_AFTER_MS))
      return;
    this.unvacuumed = 0;
    this.vacuuming = vacuumPending(db)
      .catch((err) => logger.warn("events relay: vacuuming event_pending failed", { err }))
      .finally(() => (this.vacuuming = null));
  }

  /**
   * A chain stays blocked while its head is read and fails again; it is released once the
   * head is delivered or no longer read (then the next read is a plain `seq` prefix again,
   * which is always safe: the per-key chain in publishBatch keeps the order either way).
   */
  private updateBlocked(batch: StoredEvent[], result: RowsResult) {
    if (!this.blocked.size && !result.failedRows.length) return; // the usual batch: nothing blocked before or now
    const failed = new Set(result.failedRows.map((f) => f.id));
    const inBatch = new Set(batch.map((e) => e.id));
    for (const [key, head] of this.blocked) if (!inBatch.has(head.id) || !failed.has(head.id)) this.blocked.delete(key);
    for (const row of batch) {
      const key = failed.has(row.id) ? orderingKey(row) : null;
      if (key && !this.blocked.has(key)) this.blocked.set(key, row);
    }
  }

  private blockedChains(): BlockedChains | undefined {
    if (!this.blocked.size) return undefined;
    const heads = [...this.blocked.values()];
    return {
      heads: heads.map((e) => e.seq),
      accounts: heads.flatMap((e) => (e.accountNumber ? [e.accountNumber] : [])),
      organisations: heads.flatMap((e) => (!e.accountNumber && e.organisationId !== null ? [e.organisationId] : [])),
    };
  }

  private markingSeqs(): number[] {
    return this.markings.flatMap((m) => m.seqs);
  }

  private async settleOldestMarking() {
    const oldest = this.markings.shift();
    try {
      await oldest?.done;
    } catch (err) {
      // Forget the rest too: rows whose stamp failed or is unknown are simply relayed again.
      this.markings = [];
      throw err;
    }
  }

  /** Waits for every marking in flight; if one failed, its rows are simply relayed again. */
  private async settleMarking() {
    const all = this.markings;
    this.markings = [];
    const failed = (await Promise.allSettled(all.map((m) => m.done))).find((r) => r.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  private backOff(err?: unknown) {
    this.streamReady = false;
    this.backoff = nextBackoffMs(this.backoff, err, this.config);
    return this.wait(this.backoff * (0.75 + Math.random() * 0.5));
  }
}

/**
 * The next wait after a failure (before jitter): doubling from backoffMinMs, up to
 * backoffMaxMs for NATS, but only up to databaseRetryMaxMs while the database is away. A
 * relay that had doubled to 6.4 s during a 6 s PostgreSQL restart woke up to 8 s after it was
 * back and published those seconds' events in one burst, on the instance serving requests
 * (bench:faults' slow second 8-9 s after `stop -m immediate`); one failed query a second
 * costs nothing.
 */
export function nextBackoffMs(
  previousMs: number,
  err: unknown,
  config: Pick<RelayConfig, "backoffMinMs" | "backoffMaxMs" | "databaseRetryMaxMs">,
): number {
  const max = isDatabaseUnavailable(err)
    ? Math.min(config.databaseRetryMaxMs, config.backoffMaxMs)
    : config.backoffMaxMs;
  return Math.min(max, Math.max(config.backoffMinMs, previousMs * 2));
}

/** Starts the relay in the background (NATS_URL and the process-wide database); returns its stop. */
export function startRelay(opts: RelayOptions = {}): () => Promise<void> {
  const relay = new EventRelay(opts).start();
  return () => relay.stop();
}
