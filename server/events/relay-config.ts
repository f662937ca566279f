import { assertConfig, env, RELAY_VARS } from "@/server/env.mjs";
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
  /** The longest wait between retries while PostgreSQL is unreachable (it comes back in seconds). */
  databaseRetryMaxMs: number;
  instanceId: string;
};

/** Reads the relay's settings from the environment (documented in docs/events.md). */
export function relayConfigFromEnv(overrides: Partial<RelayConfig> = {}): RelayConfig {
  assertConfig(undefined, RELAY_VARS);
  const natsUrl = overrides.natsUrl ?? env.NATS_URL ?? "";
  const config: RelayConfig = {
    natsUrl,
    stream: env.EVENTS_STREAM,
    subjectPrefix: env.EVENTS_SUBJECT_PREFIX || DEFAULT_SUBJECT_PREFIX,
    source: assertEventSource(env.EVENT_SOURCE || DEFAULT_EVENT_SOURCE),
    batchSize: env.EVENTS_RELAY_BATCH_SIZE,
    publishTimeoutMs: env.EVENTS_PUBLISH_TIMEOUT_MS,
    duplicateWindowMs: env.EVENTS_DUPLICATE_WINDOW_SECONDS * 1000,
    streamReplicas: env.EVENTS_STREAM_REPLICAS,
    streamMaxAgeMs: env.EVENTS_STREAM_MAX_AGE_SECONDS * 1000,
    pollMs: env.EVENTS_RELAY_POLL_MS,
    standbyRetryMs: 2000,
    heartbeatMs: 5000,
    backoffMinMs: 100,
    backoffMaxMs: 30_000,
    databaseRetryMaxMs: 1000,
    instanceId: `${env.HOSTNAME}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
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
  assertConfig(undefined, ["EVENTS_RELAY_MAX_LAG_SECONDS"]);
  return env.EVENTS_RELAY_MAX_LAG_SECONDS;
}

/** The subject prefix the relay publishes under (`<prefix>.<type>`), for the documents that name subjects. */
export function relaySubjectPrefix(): string {
  return env.EVENTS_SUBJECT_PREFIX || DEFAULT_SUBJECT_PREFIX;
}
