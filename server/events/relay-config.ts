import { assertEventSource, DEFAULT_EVENT_SOURCE, DEFAULT_SUBJECT_PREFIX } from "./envelope";

export type RelayConfig = {
  natsUrl: string;
  /** JetStream stream name (EVENTS) and the subject prefix it captures (`events` -> `events.>`). */
  stream: string;
  subjectPrefix: string;
  source: string;
  batchSize: number;
  publishTimeoutMs: number;
  duplicateWindowMs: number;
  streamReplicas: number;
  /** 0 keeps messages forever (the stream is an event log, like the table). */
  streamMaxAgeMs: number;
  /** How long an idle relay waits before looking for new events (an index probe on unpublished rows). */
  pollMs: number;
  /** How often a standby instance retries for the leader lock, and the leader heartbeats. */
  standbyRetryMs: number;
  heartbeatMs: number;
  backoffMinMs: number;
  backoffMaxMs: number;
  instanceId: string;
};

function num(name: string, fallback: number, min = 0): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name}="${raw}" must be a number >= ${min}`);
  return n;
}

/** Reads the relay's settings from the environment (documented in docs/events.md). */
export function relayConfigFromEnv(overrides: Partial<RelayConfig> = {}): RelayConfig {
  const natsUrl = overrides.natsUrl ?? process.env.NATS_URL ?? "";
  const config: RelayConfig = {
    natsUrl,
    stream: process.env.EVENTS_STREAM || "EVENTS",
    subjectPrefix: process.env.EVENTS_SUBJECT_PREFIX || DEFAULT_SUBJECT_PREFIX,
    source: assertEventSource(process.env.EVENT_SOURCE || DEFAULT_EVENT_SOURCE),
    batchSize: num("EVENTS_RELAY_BATCH_SIZE", 1000, 1),
    publishTimeoutMs: num("EVENTS_PUBLISH_TIMEOUT_MS", 5000, 100),
    duplicateWindowMs: num("EVENTS_DUPLICATE_WINDOW_SECONDS", 900, 1) * 1000,
    streamReplicas: num("EVENTS_STREAM_REPLICAS", 1, 1),
    streamMaxAgeMs: num("EVENTS_STREAM_MAX_AGE_SECONDS", 0) * 1000,
    pollMs: num("EVENTS_RELAY_POLL_MS", 50, 5),
    standbyRetryMs: 2000,
    heartbeatMs: 5000,
    backoffMinMs: 100,
    backoffMaxMs: 30_000,
    instanceId: `${process.env.HOSTNAME ?? "local"}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    ...overrides,
  };
  // JetStream refuses such a stream, so the relay would retry for ever and deliver nothing.
  if (config.streamMaxAgeMs > 0 && config.streamMaxAgeMs < config.duplicateWindowMs) {
    throw new Error(
      `EVENTS_STREAM_MAX_AGE_SECONDS (${config.streamMaxAgeMs / 1000}) must be 0 (no limit) or at least EVENTS_DUPLICATE_WINDOW_SECONDS (${config.duplicateWindowMs / 1000}).`,
    );
  }
  return config;
}

/** The lag, in seconds, above which the relay-status route answers 503. */
export function maxRelayLagSeconds(): number {
  return num("EVENTS_RELAY_MAX_LAG_SECONDS", 60, 1);
}
