import { getDb, getDbHandle } from "@/db/client";
import { assertConfig, env } from "@/server/env.mjs";
import { registerEventGauges } from "./events/metrics";
import { startRelay } from "./events/relay";
import { relayConfigFromEnv } from "./events/relay-config";
import { startEventRetention } from "./events/event-retention";
import { serveMetricsFromEnv } from "./lib/metrics-endpoint";
import { logger } from "./logger";
import { startAccountImportWorker } from "./services/account-import/account-import-worker";
import { startCohortWorkers } from "./services/cohorts/cohort-workers";
import { startImportJobRetention } from "./services/import-jobs/import-job-retention";
import { startImportJobWorker } from "./services/import-jobs/import-job-worker";
import { registerImportJobGauges } from "./services/import-jobs/metrics";
import { startDemoCatalogueJob } from "./services/demo/demo-catalogue-job";
import { startRegistrationWorker } from "./services/registration/registration-worker";

type Global = typeof globalThis & { __background?: boolean; [STOP_BACKGROUND]?: () => Promise<void> };

/** Where the production server (scripts/server.mjs) finds the stop function, to call it after draining HTTP. */
const STOP_BACKGROUND = Symbol.for("kraken-migrate.stop-background");
const PEER_SERVER_MARK = Symbol.for("kraken-migrate.peer-server");

/**
 * Background work of an app instance: the registration-flow and scheduled-import workers, the
 * daily demo-catalogue refresh and, when NATS_URL is set, the event relay. All claim their work
 * in PostgreSQL, so every instance may run them. RUN_WORKERS=false / RUN_RELAY=false hand them to separate processes.
 */
export async function startBackground() {
  const g = globalThis as Global;
  if (g.__background) return;
  g.__background = true;
  try {
    checkStartupConfig();
  } catch (err) {
    // Under `next start` nothing else checked: a server without its relay or worker is worse than none.
    logger.error("refusing to start", { err: (err as Error).message });
    process.exit(1);
  }
  const db = await getDb();
  if (env.METRICS_PORT !== undefined) {
    registerEventGauges(db);
    registerImportJobGauges(db);
    await serveMetricsFromEnv("app");
  }
  const stops: (() => Promise<void>)[] = [];
  if (env.RUN_WORKERS)
    stops.push(
      startRegistrationWorker(),
      startAccountImportWorker(),
      startDemoCatalogueJob(),
      startImportJobWorker(),
      startCohortWorkers(),
      startImportJobRetention(),
      startEventRetention(),
    );
  if (env.NATS_URL && env.RUN_RELAY) stops.push(startRelay());
  logger.info("background started", { workers: env.RUN_WORKERS, relay: Boolean(env.NATS_URL && env.RUN_RELAY) });
  const stopWork = async () => {
    await Promise.allSettled(stops.map((s) => s()));
    // A clean close lets embedded PGlite shut down its PostgreSQL instead of recovering on the next start.
    await (await getDbHandle()).close().catch((err) => logger.warn("closing the database failed", { err }));
  };
  g[STOP_BACKGROUND] = stopWork;
  // Under scripts/server.mjs the server owns shutdown: it stops accepting, lets in-flight
  // requests finish, then calls stopWork and exits. Under `next start`/`next dev` nothing
  // else waits for the workers, so stop them here and exit.
  if ((g as Record<symbol, unknown>)[PEER_SERVER_MARK]) return;
  const stop = async () => {
    await stopWork();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/** Every setting the app reads at start, the relay's included when it will run here. */
export function checkStartupConfig() {
  assertConfig();
  if (env.NATS_URL && env.RUN_RELAY) relayConfigFromEnv();
}
