/**
 * `npm run relay`: the events relay on its own, for deployments that scale it apart from
 * the app. Needs NATS_URL and DATABASE_URL (a PGlite directory belongs to one process).
 */
import { openDatabase, setDbHandle } from "@/db/client";
import { assertConfig, env, redactUrl } from "@/server/env.mjs";
import { serveMetricsFromEnv } from "@/server/lib/metrics-endpoint";
import { startTracing, stopTracing } from "@/server/lib/tracing.mjs";
import { logger } from "../logger";
import { registerEventGauges } from "./metrics";
import { EventRelay } from "./relay";
import { getRelayStatus } from "./relay-status";

async function main() {
  if (!env.NATS_URL)
    throw new Error("NATS_URL is not set: without it the events table is the log and there is nothing to relay");
  if (!env.DATABASE_URL)
    throw new Error("DATABASE_URL is not set: the standalone relay needs the PostgreSQL server the app writes to");
  assertConfig(undefined, [
    "DATABASE_URL",
    "DATABASE_POOL_SIZE",
    "NATS_URL",
    "LOG_LEVEL",
    "METRICS_PORT",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
  ]);
  // Before the database opens: its statements are traced from the first (ADR 0044).
  await startTracing("kraken-migrate-relay");
  const handle = await openDatabase();
  setDbHandle(handle);
  if (env.METRICS_PORT !== undefined) {
    registerEventGauges(handle.db);
    await serveMetricsFromEnv("relay");
  }
  const relay = new EventRelay({ handle }).start();
  logger.info("events relay started", {
    instance: relay.config.instanceId,
    stream: relay.config.stream,
    nats: redactUrl(relay.config.natsUrl),
  });

  // The app's GET /v1/events/relay-status/ reports the same figures; this puts them in the relay's log too.
  const report = setInterval(() => {
    getRelayStatus(handle.db, { stream: relay.config.stream })
      .then((s) =>
        logger.info("events relay status", {
          leader: relay.stats.leader,
          nats: relay.stats.natsConnected,
          unpublished: s.unpublished_count,
          lagSeconds: s.oldest_unpublished_age_seconds,
          lastPublishAt: s.last_publish_at,
        }),
      )
      .catch((err) => logger.warn("events relay status failed", { err }));
  }, 60_000);
  report.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(report);
    logger.info("events relay stopping", { signal });
    await relay.stop();
    await handle.close();
    await stopTracing();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  logger.error("events relay failed to start", { err });
  process.exit(1);
});
