import { redactUrl } from "@/server/env.mjs";
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type PubAck,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
} from "@nats-io/jetstream";
import { type NatsConnection, connect, headers, nanos } from "@nats-io/transport-node";
import { logger } from "../logger";
import { type OutboxEvent, cloudEventJson, natsHeaderValues, natsSubject } from "./envelope";
import type { RelayConfig } from "./relay-config";

type StreamSettings = Pick<
  RelayConfig,
  "stream" | "subjectPrefix" | "duplicateWindowMs" | "streamReplicas" | "streamMaxAgeMs"
>;

/** The stream the relay feeds: file storage (survives a NATS restart, with its dedup state), limits retention. */
export function streamConfig(cfg: StreamSettings) {
  return {
    name: cfg.stream,
    subjects: [`${cfg.subjectPrefix}.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    duplicate_window: nanos(cfg.duplicateWindowMs),
    max_age: nanos(cfg.streamMaxAgeMs),
    num_replicas: cfg.streamReplicas,
  };
}

/** Creates the stream, or brings an existing one's mutable settings up to date; safe from many instances. */
export async function ensureStream(nc: NatsConnection, cfg: StreamSettings): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const want = streamConfig(cfg);
  for (let attempt = 0; ; attempt++) {
    try {
      const info = await jsm.streams.info(cfg.stream);
      const c = info.config;
      const same =
        c.subjects?.length === 1 &&
        c.subjects[0] === want.subjects[0] &&
        c.duplicate_window === want.duplicate_window &&
        c.max_age === want.max_age &&
        c.num_replicas === want.num_replicas;
      if (!same) {
        const { name: _n, storage: _s, retention: _r, ...mutable } = want;
        await jsm.streams.update(cfg.stream, mutable);
      }
      return;
    } catch (err) {
      if (!(err instanceof JetStreamApiError && err.code === JetStreamApiCodes.StreamNotFound)) throw err;
      try {
        await jsm.streams.add(want);
        return;
      } catch (addErr) {
        // Another instance created it between our info and add: read it again.
        if (attempt >= 2) throw addErr;
      }
    }
  }
}

/** Publishes one outbox event as a CloudEvent; JetStream drops a second copy with the same Nats-Msg-Id. */
export function publishEvent(
  js: JetStreamClient,
  cfg: Pick<RelayConfig, "stream" | "subjectPrefix" | "source" | "publishTimeoutMs">,
  event: OutboxEvent,
): Promise<PubAck> {
  const h = headers();
  for (const [k, v] of Object.entries(natsHeaderValues(event))) h.set(k, v);
  return js.publish(natsSubject(event.type, cfg.subjectPrefix), cloudEventJson(event, cfg.source), {
    msgID: event.id,
    headers: h,
    timeout: cfg.publishTimeoutMs,
    expect: { streamName: cfg.stream },
  });
}

/**
 * Connection options for publishing at volume: no async stack traces, which would build an
 * Error with a stack for every request just in case it fails.
 */
export const PUBLISHER_OPTIONS = { noAsyncTraces: true } as const;

/**
 * A NATS connection that the relay can wait on: connects with retries (NATS may be down
 * when the app starts), reconnects forever, and reports whether it is usable right now.
 */
export class NatsLink {
  private nc?: NatsConnection;
  private js?: JetStreamClient;
  private up = false;
  private closed = false;
  private listeners = new Set<() => void>();

  constructor(
    private readonly url: string,
    private readonly name: string,
  ) {}

  get connected() {
    return this.up && !!this.js;
  }

  get client(): JetStreamClient {
    if (!this.js) throw new Error("NATS is not connected");
    return this.js;
  }

  get connection(): NatsConnection {
    if (!this.nc) throw new Error("NATS is not connected");
    return this.nc;
  }

  /** Calls `fn` whenever the connection goes up or down. */
  onChange(fn: () => void) {
    this.listeners.add(fn);
  }

  async start(): Promise<void> {
    let wait = 250;
    while (!this.closed) {
      try {
        const nc = await connect({
          servers: this.url.split(",").map((s) => s.trim()),
          name: this.name,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 500,
          reconnectJitter: 250,
          pingInterval: 10_000,
          timeout: 5000,
          ...PUBLISHER_OPTIONS,
        });
        if (this.closed) {
          await nc.close();
          return;
        }
        this.nc = nc;
        this.js = jetstream(nc);
        this.setUp(true);
        void this.watch(nc);
        return;
      } catch (err) {
        // Retried every few seconds while NATS is away: the message, not a stack trace each time; never the password.
        logger.warn("events relay: NATS connect failed", { url: redactUrl(this.url), err: (err as Error).message });
        await new Promise((r) => setTimeout(r, wait));
        wait = Math.min(wait * 2, 5000);
      }
    }
  }

  private async watch(nc: NatsConnection) {
    for await (const s of nc.status()) {
      if (s.type === "disconnect" || s.type === "staleConnection") this.setUp(false);
      else if (s.type === "reconnect") this.setUp(true);
      else if (s.type === "close") break;
    }
    this.setUp(false);
    // Closed by something other than close(): connect afresh.
    if (!this.closed) {
      this.nc = undefined;
      this.js = undefined;
      void this.start();
    }
  }

  private setUp(up: boolean) {
    if (this.up === up) return;
    this.up = up;
    logger.info(up ? "events relay: NATS connected" : "events relay: NATS disconnected", { url: redactUrl(this.url) });
    for (const fn of this.listeners) fn();
  }

  async close() {
    this.closed = true;
    const nc = this.nc;
    this.nc = undefined;
    this.js = undefined;
    if (nc && !nc.isClosed()) await nc.close().catch(() => {});
    this.setUp(false);
  }
}
