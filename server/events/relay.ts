import { type DbHandle, getDbHandle } from "@/db/client";
import { logger } from "../logger";
import type { OutboxEvent } from "./envelope";
import { NatsLink, ensureStream, publishEvent } from "./nats";
import { fetchUnpublished, markPublished, recordFailures, writeHeartbeat } from "./outbox";
import { type BatchResult, publishBatch } from "./publish-batch";
import { type RelayConfig, relayConfigFromEnv } from "./relay-config";
import { type RelaySession, openRelaySession } from "./relay-session";

export type RelayOptions = Partial<RelayConfig> & {
  /** The database to relay from; the process-wide one by default. */
  handle?: DbHandle;
  /** Called after each batch is marked published, with the time each event was acked. */
  onPublished?: (acked: BatchResult["acked"]) => void;
  /**
   * Off only to prove that ordering and exactly-once hold without it: leader election
   * saves duplicate work, it is not what keeps order (ADR 0300).
   */
  leaderElection?: boolean;
};

export type RelayStats = {
  leader: boolean;
  natsConnected: boolean;
  published: number;
  duplicates: number;
  failedPublishes: number;
  lastPublishAt: Date | null;
  lastError: string | null;
};

type WakeReason = "commit" | "nats" | "stop";

/**
 * Publishes the outbox to JetStream: one leader at a time (PostgreSQL advisory lock), in
 * `seq` order with at most one in-flight publish per account, marking rows after the ack,
 * retrying with backoff while NATS or PostgreSQL is away.
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
  private commitSeen = false;
  /** Forces a heartbeat on the next turn (NATS went up or down). */
  private beatDue = false;
  private readonly nats: NatsLink;

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
    if (reason === "commit") this.commitSeen = true;
    for (const w of this.waiters) w(reason);
  }

  /** Sleeps up to `ms`; a commit wakes it only when `onCommit` (never during a backoff). */
  private wait(ms: number, onCommit: boolean): Promise<void> {
    if (!this.running) return Promise.resolve();
    if (onCommit && this.commitSeen) {
      this.commitSeen = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve();
      };
      const waiter = (r: WakeReason) => {
        if (r !== "commit" || onCommit) finish();
      };
      const timer = setTimeout(finish, ms);
      this.waiters.add(waiter);
    });
  }

  private async run() {
    const cfg = this.config;
    const handle = this.opts.handle ?? (await getDbHandle());
    const db = handle.db;
    let session: RelaySession | undefined;
    try {
      session = await openRelaySession(handle, cfg.stream, cfg.instanceId);
      await session.onCommit(() => this.signal("commit"));
      this.nats.onChange(() => {
        this.stats.natsConnected = this.nats.connected;
        this.beatDue = true;
        this.signal("nats");
      });
      void this.nats.start();
      let leaderSince: Date | null = null;
      let lastBeat = 0;
      let streamReady = false;
      let backoff = 0;
      while (this.running) {
        try {
          if (!leaderSince) {
            if (this.opts.leaderElection !== false && !(await session.tryLead())) {
              await this.wait(cfg.standbyRetryMs, false);
              continue;
            }
            leaderSince = new Date();
            lastBeat = 0;
            this.stats.leader = true;
            logger.info("events relay: leading", { instance: cfg.instanceId, stream: cfg.stream });
          }
          if (this.beatDue || Date.now() - lastBeat >= cfg.heartbeatMs) {
            this.beatDue = false;
            if (this.opts.leaderElection !== false && !(await session.stillLeading())) {
              logger.warn("events relay: lost the leader lock", { instance: cfg.instanceId });
              leaderSince = null;
              this.stats.leader = false;
              continue;
            }
            await writeHeartbeat(db, cfg.stream, { leader: cfg.instanceId, leaderSince, natsConnected: this.nats.connected, error: this.stats.lastError });
            lastBeat = Date.now();
          }
          if (!this.nats.connected) {
            streamReady = false;
            await this.wait(cfg.heartbeatMs, false);
            continue;
          }
          if (!streamReady) {
            await ensureStream(this.nats.connection, cfg);
            streamReady = true;
          }
          const batch = await fetchUnpublished(db, cfg.batchSize);
          if (!batch.length) {
            await this.wait(cfg.pollMs, true);
            continue;
          }
          const progressed = await this.relayBatch(db, batch);
          if (!progressed) {
            streamReady = false;
            backoff = Math.min(cfg.backoffMaxMs, Math.max(cfg.backoffMinMs, backoff * 2));
            await this.wait(backoff * (0.75 + Math.random() * 0.5), false);
          } else backoff = 0;
        } catch (err) {
          this.stats.lastError = err instanceof Error ? err.message : String(err);
          logger.warn("events relay: retrying after an error", { err });
          streamReady = false;
          backoff = Math.min(cfg.backoffMaxMs, Math.max(cfg.backoffMinMs, backoff * 2));
          await this.wait(backoff * (0.75 + Math.random() * 0.5), false);
        }
      }
    } finally {
      this.stats.leader = false;
      await this.nats.close();
      await session?.close().catch((err) => logger.warn("events relay: closing its session failed", { err }));
    }
  }

  /** One batch: publish, stamp what was acked, count what failed. True if anything moved. */
  private async relayBatch(db: DbHandle["db"], batch: OutboxEvent[]): Promise<boolean> {
    const cfg = this.config;
    const js = this.nats.client;
    const result = await publishBatch(batch, (e) => publishEvent(js, cfg, e));
    if (result.acked.length) {
      await markPublished(db, cfg.stream, {
        ids: result.acked.map((a) => a.event.id),
        lastSeq: Math.max(...result.acked.map((a) => a.event.seq)),
      });
      this.stats.published += result.acked.length;
      this.stats.duplicates += result.acked.filter((a) => a.ack.duplicate).length;
      this.stats.lastPublishAt = new Date();
      this.opts.onPublished?.(result.acked);
    }
    if (result.failed.length) {
      this.stats.failedPublishes += result.failed.length;
      this.stats.lastError = result.failed[0].error;
      logger.warn("events relay: publishes failed", { failed: result.failed.length, held: result.held, error: result.failed[0].error });
      await recordFailures(db, result.failed.map((f) => ({ id: f.event.id, error: f.error })));
    } else this.stats.lastError = null;
    return result.acked.length > 0;
  }
}

/** Starts the relay in the background (NATS_URL and the process-wide database); returns its stop. */
export function startRelay(opts: RelayOptions = {}): () => Promise<void> {
  const relay = new EventRelay(opts).start();
  return () => relay.stop();
}
