import { env } from "@/server/env.mjs";
import { startMetricsServer } from "@/server/lib/metrics.mjs";
import { logger } from "@/server/logger";

const SERVED = Symbol.for("kraken-migrate.metrics-endpoint");
type Served = Awaited<ReturnType<typeof startMetricsServer>>;

/**
 * This process's `GET /metrics` on METRICS_PORT (ADR 0043), once per process; undefined when
 * METRICS_PORT is unset. A port already taken is logged, not fatal: the app serves on.
 */
export async function serveMetricsFromEnv(role: string): Promise<Served | undefined> {
  const port = env.METRICS_PORT;
  if (port === undefined) return undefined;
  const g = globalThis as typeof globalThis & { [SERVED]?: Promise<Served | undefined> };
  g[SERVED] ??= startMetricsServer({ port, host: env.METRICS_HOST, token: env.METRICS_TOKEN }).then(
    (served) => {
      logger.info("metrics endpoint listening", {
        role,
        port: served.port,
        path: "/metrics",
        token: Boolean(env.METRICS_TOKEN),
      });
      return served;
    },
    (err) => {
      logger.error("metrics endpoint failed to start", { role, port, err: (err as Error).message });
      return undefined;
    },
  );
  return g[SERVED];
}
