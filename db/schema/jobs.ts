import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

// A PostgreSQL job queue: workers on any instance claim rows with FOR UPDATE SKIP LOCKED
// and hold a lease (locked_until); a crashed worker's lease runs out and the job is retried.
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    queue: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    dedupKey: text().unique(),
    status: text({ enum: JOB_STATUSES }).notNull().default("queued"),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("jobs_claimable_idx").on(t.queue, t.runAt).where(sql`${t.status} in ('queued', 'running')`),
    check("jobs_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check("jobs_attempts_check", sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);
