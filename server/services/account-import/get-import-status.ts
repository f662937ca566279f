import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accountImportProcesses, accounts, events, type ImportProcessError, jobs } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { ServiceError } from "../../errors";
import { findSupplier } from "../suppliers/find-supplier";
import { scheduleKey } from "./schedule-account-import";
import type { ImportEvent, ImportEventName, ImportStatus, ImportStatusResponse, LatestError } from "./v2-schemas";

/** The outcome events of an import process, and what each is called in ImportStatusResponse. */
const OUTCOME_EVENTS = {
  "data_import.import_process.complete": "EVENT_ACCOUNT_IMPORT_PROCESS_PROCESSED",
  "data_import.import_process.error": "EVENT_ACCOUNT_IMPORT_PROCESS_ERRORED",
  "data_import.import_process.dry_run_complete": "EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_SUCCEEDED",
  "data_import.import_process.dry_run_error": "EVENT_ACCOUNT_IMPORT_PROCESS_DRY_RUN_ERRORED",
  "data_import.import_process.cancelled": "EVENT_ACCOUNT_IMPORT_PROCESS_CANCELLED",
} as const satisfies Record<string, ImportEventName>;
type OutcomeType = keyof typeof OUTCOME_EVENTS;

/**
 * The literal list the partial index events_import_process_idx is defined with (db/schema/events.ts):
 * inlined, not bound, so PostgreSQL can prove a generic plan may use the index.
 */
export const OUTCOME_EVENT_TYPES_SQL = sql.raw(
  `(${Object.keys(OUTCOME_EVENTS)
    .map((t) => `'${t}'`)
    .join(", ")})`,
);

const STATUS_OF: Record<OutcomeType, ImportStatus> = {
  "data_import.import_process.complete": "PROCESSED",
  "data_import.import_process.error": "ERRORED",
  "data_import.import_process.dry_run_complete": "DRY_RUN_SUCCEEDED",
  "data_import.import_process.dry_run_error": "DRY_RUN_ERRORED",
  "data_import.import_process.cancelled": "CANCELLED",
};

const DOMAIN = "import_process";
const iso = (d: Date | string) => new Date(d).toISOString();

type Outcome = {
  type: OutcomeType;
  occurredAt: Date;
  createdAt: Date;
  payload: Record<string, unknown>;
  current: boolean;
};

/**
 * GET /v2/data-import/accounts/<supplier>/<external>/ (production's ImportStatusResponse),
 * derived from the import process row, its scheduled job and its outcome events:
 * PROCESSED once the account exists; PENDING / IN_PROGRESS while a scheduled import waits for
 * its window or a worker / runs; otherwise the latest outcome event since the data was last
 * staged (DRY_RUN_SUCCEEDED, DRY_RUN_ERRORED, ERRORED, CANCELLED); ERRORED when processing
 * marked it failed; PENDING while it waits for process/ or a schedule.
 */
export async function getImportStatus(
  ctx: Ctx,
  input: { import_supplier: string; external_account_number: string },
): Promise<ImportStatusResponse> {
  const organisationId = organisationOf(ctx);
  const supplier = await findSupplier(ctx.db, organisationId, input.import_supplier);
  const [p] = await ctx.db
    .select({
      id: accountImportProcesses.id,
      status: accountImportProcesses.status,
      errors: accountImportProcesses.errors,
      createdAt: accountImportProcesses.createdAt,
      updatedAt: accountImportProcesses.updatedAt,
      scheduledAt: accountImportProcesses.scheduledAt,
      accountNumber: accounts.number,
      job: { status: jobs.status, payload: jobs.payload },
    })
    .from(accountImportProcesses)
    .leftJoin(accounts, eq(accounts.id, accountImportProcesses.accountId))
    .leftJoin(
      jobs,
      sql`${accountImportProcesses.scheduledAt} is not null and ${jobs.dedupKey} = ${scheduleKey(sql`${accountImportProcesses.id}`, sql`${accountImportProcesses.scheduledAt}`)}`,
    )
    .where(
      and(
        eq(accountImportProcesses.supplierId, supplier.id),
        eq(accountImportProcesses.externalAccountNumber, input.external_account_number),
      ),
    );
  if (!p)
    throw new ServiceError(
      "not_found",
      "not_found",
      `No account import process ${input.external_account_number} for import supplier ${supplier.code}.`,
    );

  const outcome = await latestOutcome(ctx.db, organisationId, p.id, input.external_account_number, p.accountNumber);
  const job =
    p.scheduledAt && p.job?.status && (p.job.status === "queued" || p.job.status === "running") ? p.job : null;
  let status: ImportStatus;
  let latestError: LatestError | null = null;
  if (p.accountNumber) status = "PROCESSED";
  else if (job) status = job.status === "running" ? "IN_PROGRESS" : "PENDING";
  else if (outcome?.current) {
    status = STATUS_OF[outcome.type];
    if (status === "ERRORED" || status === "DRY_RUN_ERRORED") latestError = errorOf(outcome);
  } else if (p.status === "failed") {
    status = "ERRORED";
    latestError = firstRowError(p.errors);
  } else status = "PENDING";

  // Ordered by the database's clock (row times and each event's created_at), shown with the event's occurred_at.
  const candidates: { at: Date; event: ImportEvent }[] = [
    {
      at: p.createdAt,
      event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_CREATED", occurred_at: iso(p.createdAt), data: null },
    },
  ];
  if (p.updatedAt > p.createdAt)
    candidates.push({
      at: p.updatedAt,
      event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_UPDATED", occurred_at: iso(p.updatedAt), data: null },
    });
  if (job && p.scheduledAt) {
    const { is_dry_run, schedule_window_start, schedule_window_end } = job.payload as Record<string, unknown>;
    const data = { is_dry_run, schedule_window_start, schedule_window_end };
    candidates.push({
      at: p.scheduledAt,
      event: { event: "EVENT_ACCOUNT_IMPORT_PROCESS_SCHEDULED", occurred_at: iso(p.scheduledAt), data },
    });
  }
  if (outcome)
    candidates.push({
      at: outcome.createdAt,
      event: { event: OUTCOME_EVENTS[outcome.type], occurred_at: iso(outcome.occurredAt), data: eventData(outcome) },
    });
  // On a tie the later candidate wins: a recorded event over the row change made in its transaction.
  const latest = candidates.reduce((a, b) => (b.at >= a.at ? b : a));
  const modified = latest.at > p.updatedAt ? latest.at : p.updatedAt;
  return {
    status,
    kraken_identifier: p.accountNumber ?? null,
    created_at: iso(p.createdAt),
    modified_at: iso(modified),
    latest_event: latest.event,
    latest_error: latestError,
  };
}

/**
 * The newest outcome event of this process: same organisation and external number, recorded
 * since the process was created, and not another account's completion (events carry no
 * supplier code). `current`: recorded since the data was last staged, so it describes that data.
 * Served by the partial index events_import_process_idx.
 */
async function latestOutcome(
  db: Db,
  organisationId: number,
  processId: number,
  external: string,
  accountNumber: string | null,
): Promise<Outcome | undefined> {
  const since = (column: "created_at" | "updated_at") =>
    sql`(select ${sql.raw(column)} from account_import_processes where id = ${processId})`;
  const [row] = await db
    .select({
      type: events.type,
      occurredAt: events.occurredAt,
      createdAt: events.createdAt,
      payload: events.payload,
      current: sql<boolean>`${events.createdAt} >= ${since("updated_at")}`,
    })
    .from(events)
    .where(
      and(
        eq(events.organisationId, organisationId),
        sql`${events.type} in ${OUTCOME_EVENT_TYPES_SQL}`,
        sql`(${events.payload}->>'external_identifier') = ${external}`,
        sql`${events.createdAt} >= ${since("created_at")}`,
        accountNumber
          ? sql`(${events.accountNumber} is null or ${events.accountNumber} = ${accountNumber})`
          : sql`${events.accountNumber} is null`,
      ),
    )
    .orderBy(desc(events.seq))
    .limit(1);
  return row ? { ...row, type: row.type as OutcomeType, current: Boolean(row.current) } : undefined;
}

function errorOf(o: Outcome): LatestError {
  return { code: String(o.payload.error_code ?? ""), detail: String(o.payload.error_detail ?? ""), domain: DOMAIN };
}

function eventData(o: Outcome): Record<string, unknown> | null {
  if (o.type === "data_import.import_process.error" || o.type === "data_import.import_process.dry_run_error")
    return errorOf(o);
  if (o.type === "data_import.import_process.cancelled") return { schedule_window_end: o.payload.expiry_window_end };
  return null;
}

function firstRowError(errors: ImportProcessError[]): LatestError | null {
  const e = errors[0];
  return e ? { code: e.code, detail: e.detail, domain: DOMAIN } : { code: null, detail: null, domain: DOMAIN };
}
