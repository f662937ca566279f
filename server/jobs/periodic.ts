import { hostname } from "node:os";
import { type Db, getDb } from "@/db/client";
import { logger } from "../logger";

/**
 * Runs `check` at start (catching up after downtime) and then every `intervalMs`, in every
 * instance: each check queues its work under a unique dedup key and runs it only if no instance
 * has claimed it. A check still running is not started twice. Returns a function that stops the
 * timer and waits for the check in hand.
 */
export function startPeriodicCheck(what: string, check: (db: Db, workerId: string) => Promise<unknown>, intervalMs: number): () => Promise<void> {
  const workerId = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  let inFlight: Promise<void> | undefined;
  const tick = () => {
    inFlight ??= getDb()
      .then((db) => check(db, workerId))
      .then(
        () => undefined,
        (err) => logger.error(`${what} check failed`, { err }),
      )
      .finally(() => (inFlight = undefined));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await inFlight;
  };
}
