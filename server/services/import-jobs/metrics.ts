import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { IMPORT_JOB_ROW_STATUSES, IMPORT_JOB_STATUSES } from "@/db/schema";
import { cachedReading } from "@/server/events/metrics";
import { metrics, onScrape } from "@/server/lib/metrics.mjs";
import { IMPORT_JOB_QUEUE } from "./schemas";

/**
 * Console import jobs by status, the rows of the jobs not yet ended by state, and their lanes
 * queued and busy, read from PostgreSQL on each scrape (ADR 0043). The rows of ended jobs are
 * history and are not counted (a 500,000-row job would make every scrape walk them).
 */
export function registerImportJobGauges(db: Db) {
  const m = metrics();
  onScrape(
    "import-jobs",
    cachedReading(async () => {
      const [jobs, rows, lanes] = await Promise.all([
        execRows<{ status: string; n: number }>(
          db,
          sql`select status, count(*)::int as n from import_jobs group by status`,
        ),
        execRows<{ status: string; n: number }>(
          db,
          sql`select r.status, count(*)::int as n from import_job_rows r
              where r.job_id in (select id from import_jobs where status in ('receiving', 'running', 'paused')) group by r.status`,
        ),
        execRows<{ queued: number; busy: number }>(
          db,
          sql`select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'running' and locked_until > now())::int as busy
              from jobs where queue = ${IMPORT_JOB_QUEUE} and status in ('queued', 'running')`,
        ),
      ]);
      for (const status of IMPORT_JOB_STATUSES)
        m.importJobs.set({ status }, jobs.find((j) => j.status === status)?.n ?? 0);
      for (const state of IMPORT_JOB_ROW_STATUSES)
        m.importJobRows.set({ state }, rows.find((r) => r.status === state)?.n ?? 0);
      m.importJobLanes.set({ state: "queued" }, lanes[0]?.queued ?? 0);
      m.importJobLanes.set({ state: "busy" }, lanes[0]?.busy ?? 0);
    }),
  );
}
