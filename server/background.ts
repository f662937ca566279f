import { getDb } from "@/db/client";
import { startRelay } from "./events/relay";
import { startRegistrationWorker } from "./jobs/registration-worker";
import { logger } from "./logger";

type Global = typeof globalThis & { __background?: boolean };

/**
 * Background work of an app instance: the registration-flow worker and, when NATS_URL is
 * set, the event relay. Both claim their work in PostgreSQL, so every instance may run
 * them. RUN_WORKERS=false / RUN_RELAY=false hand them to separate processes.
 */
export async function startBackground() {
  const g = globalThis as Global;
  if (g.__background) return;
  g.__background = true;
  await getDb();
  const stops: (() => Promise<void>)[] = [];
  if (process.env.RUN_WORKERS !== "false") stops.push(startRegistrationWorker());
  if (process.env.NATS_URL && process.env.RUN_RELAY !== "false") stops.push(startRelay());
  logger.info("background started", { workers: process.env.RUN_WORKERS !== "false", relay: Boolean(process.env.NATS_URL && process.env.RUN_RELAY !== "false") });
  const stop = async () => {
    await Promise.allSettled(stops.map((s) => s()));
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
