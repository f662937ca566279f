import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organisations, products } from "@/db/schema";
import { systemCtx } from "../../context";
import { startPeriodicCheck } from "../../jobs/periodic";
import { claimJobs, enqueueJob } from "../../jobs/queue";
import { type JobHandler, runOne } from "../../jobs/worker";
import { logger } from "../../logger";
import { topUpDemoConsumption } from "./demo-consumption";
import { DEMO_ORG_NUMBER } from "./load-demo";
import { publicationDate } from "../products/demo-calendar";
import { refreshDemoCatalogue } from "./refresh-demo-catalogue";

export const DEMO_CATALOGUE_QUEUE = "demo-catalogue";

export const demoCatalogueJobHandler: JobHandler = {
  queue: DEMO_CATALOGUE_QUEUE,
  run: async (db) => {
    const summary = await refreshDemoCatalogue(systemCtx(db, "demo-catalogue"));
    if (summary)
      logger.info("demo catalogue refreshed", { rates: summary.rates, catalogueVersion: summary.catalogue_version });
    // The demo meters' consumption ends at the demo's load: carry it on to now, or clients asking for yesterday find nothing.
    const [org] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.number, DEMO_ORG_NUMBER));
    if (org) {
      const topUp = await topUpDemoConsumption(db, org.id);
      if (topUp.rows) logger.info("demo consumption topped up", { meters: topUp.meters, rows: topUp.rows });
    }
  },
  onGiveUp: async (_db, job, error) => {
    logger.error("demo catalogue refresh gave up", { jobId: job.id, publication: job.payload.publication, err: error });
  },
};

/**
 * One check: queue the refresh for the latest 16:00 London publication (one job per date,
 * however many instances ask: the dedup key is unique), then run it here if no instance has
 * claimed it (FOR UPDATE SKIP LOCKED, ADR 0103). Nothing is queued without demo products.
 * Returns the ids of the jobs this caller ran.
 */
export async function tickDemoCatalogue(db: Db, workerId: string, now = new Date()): Promise<number[]> {
  const [demo] = await db.select({ id: products.id }).from(products).where(eq(products.source, "demo")).limit(1);
  if (!demo) return [];
  const publication = publicationDate(now);
  await enqueueJob(db, {
    queue: DEMO_CATALOGUE_QUEUE,
    payload: { publication },
    dedupKey: `${DEMO_CATALOGUE_QUEUE}:${publication}`,
  });
  const claimed = await claimJobs(db, DEMO_CATALOGUE_QUEUE, workerId, 1, 300);
  for (const job of claimed) await runOne(db, demoCatalogueJobHandler, job, 60);
  return claimed.map((j) => j.id);
}

/**
 * Checks once at start (catching up after downtime) and then every `intervalMs` (default a
 * minute), so tomorrow's prices appear within a minute of 16:00 London. Safe in every
 * instance. Returns a function that stops it after the check in hand.
 */
export function startDemoCatalogueJob(opts: { intervalMs?: number } = {}): () => Promise<void> {
  return startPeriodicCheck(
    "demo catalogue",
    (db, workerId) => tickDemoCatalogue(db, workerId),
    opts.intervalMs ?? 60_000,
  );
}
