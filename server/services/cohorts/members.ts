import { sql } from "drizzle-orm";
import { type Db, execRows } from "@/db/client";
import { type CohortMemberSource, cohorts } from "@/db/schema";
import { pgArrayElement } from "@/db/pg-array";
import { eq } from "drizzle-orm";
import { type Ctx, actorLabel, organisationOf, requireWriter, systemCtx, withTransaction } from "../../context";
import { ServiceError, fieldError, parseOrThrow } from "../../errors";
import { recordAudit } from "../audit/record-audit";
import { type Cohort, findCohort } from "./find-cohort";
import { OPEN_STATUSES, assertOpen, moveCohort } from "./lifecycle";
import { AddMembersInput, ExternalNumber, RemoveMembersInput } from "./schemas";

export const MAX_LIST = 100_000;

/** A pasted or uploaded list: one external account number a line (or separated by commas, semicolons, spaces); a CSV's header cell is skipped. */
export function parseAccountList(text: string): string[] {
  const items = text
    .split(/[\s,;]+/)
    .map((s) => s.replace(/^"|"$/g, "").trim())
    .filter(Boolean);
  if (items[0] && /^external_account_number$/i.test(items[0])) items.shift();
  const unique = [...new Set(items)];
  const errors = unique.flatMap((x, i) =>
    ExternalNumber.safeParse(x).success
      ? []
      : [
          fieldError(
            ["accounts", i],
            "invalid_account_number",
            `'${x.slice(0, 40)}' is not an external account number.`,
          ),
        ],
  );
  if (errors.length)
    throw new ServiceError("validation", "invalid_account_number", errors[0].detail, { errors: errors.slice(0, 100) });
  if (!unique.length)
    throw new ServiceError("validation", "empty_list", "The list holds no account numbers.", {
      errors: [fieldError("accounts", "empty_list", "Enter at least one external account number.")],
    });
  if (unique.length > MAX_LIST)
    throw new ServiceError(
      "validation",
      "too_many_accounts",
      `At most ${MAX_LIST.toLocaleString("en-GB")} accounts at a time.`,
      {
        errors: [
          fieldError(
            "accounts",
            "too_many_accounts",
            `At most ${MAX_LIST.toLocaleString("en-GB")} accounts at a time.`,
          ),
        ],
      },
    );
  return unique;
}

/**
 * Puts accounts in the cohort in the caller's transaction. An account already in another cohort
 * refuses the whole call (409 naming them, nothing added): the primary key on (supplier,
 * external number) is what keeps an account in one cohort even when two calls race.
 */
export async function joinCohort(
  tx: Db,
  cohort: Pick<Cohort, "id" | "supplierId">,
  externals: string[],
  source: CohortMemberSource,
  addedBy: string,
) {
  const list = `{${externals.map(pgArrayElement).join(",")}}`;
  const elsewhere = await execRows<{ external: string; cohort: string }>(
    tx,
    sql`select m.external_account_number as external, c.name as cohort from cohort_members m join cohorts c on c.id = m.cohort_id
        where m.supplier_id = ${cohort.supplierId} and m.external_account_number = any(${list}::text[]) and m.cohort_id <> ${cohort.id}
        order by 1 limit 100`,
  );
  if (elsewhere.length) {
    const detail = `${elsewhere.length === 100 ? "At least 100" : elsewhere.length} account(s) already belong to another cohort: ${elsewhere
      .slice(0, 5)
      .map((e) => `${e.external} (${e.cohort})`)
      .join(", ")}${elsewhere.length > 5 ? ", …" : ""}.`;
    throw new ServiceError("conflict", "account_in_another_cohort", detail, {
      errors: elsewhere.map((e) =>
        fieldError("accounts", "account_in_another_cohort", `${e.external} is in cohort ${e.cohort}.`),
      ),
    });
  }
  const added = await execRows<{ n: number }>(
    tx,
    sql`with ins as (
          insert into cohort_members (supplier_id, external_account_number, cohort_id, source, added_by)
          select ${cohort.supplierId}, x, ${cohort.id}, ${source}, ${addedBy} from unnest(${list}::text[]) as x
          on conflict (supplier_id, external_account_number) do nothing returning 1)
        select count(*)::int as n from ins`,
  );
  const n = Number(added[0].n);
  if (n > 0)
    await tx
      .update(cohorts)
      .set({ inputsChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(cohorts.id, cohort.id));
  return n;
}

/** Operators add accounts by external number before or after they are imported; the list changes nothing when one is refused. */
export async function addCohortMembers(ctx: Ctx, raw: AddMembersInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(AddMembersInput, raw);
  const externals = parseAccountList(input.accounts);
  return withTransaction(ctx, async (tx, txCtx) => {
    const cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    assertOpen(cohort);
    const added = await joinCohort(tx, cohort, externals, "list", actorLabel(ctx.actor));
    await recordAudit(tx, txCtx, {
      action: "cohort.members_added",
      entityType: "cohort",
      entityId: String(cohort.id),
      details: { source: "list", listed: externals.length, added },
    });
    return { listed: externals.length, added, alreadyMembers: externals.length - added };
  });
}

/** Takes accounts out of a cohort before sign-off (an account that failed to import, or was put in by mistake). */
export async function removeCohortMembers(ctx: Ctx, raw: RemoveMembersInput) {
  requireWriter(ctx);
  const organisationId = organisationOf(ctx);
  const input = parseOrThrow(RemoveMembersInput, raw);
  return withTransaction(ctx, async (tx, txCtx) => {
    const cohort = await findCohort(tx, organisationId, input.id, { forUpdate: true });
    assertOpen(cohort);
    const list = `{${input.externalAccountNumbers.map(pgArrayElement).join(",")}}`;
    const [row] = await execRows<{ n: number }>(
      tx,
      sql`with del as (delete from cohort_members where cohort_id = ${cohort.id} and external_account_number = any(${list}::text[]) returning 1) select count(*)::int as n from del`,
    );
    const removed = Number(row.n);
    if (removed) {
      await tx
        .update(cohorts)
        .set({ inputsChangedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(cohorts.id, cohort.id));
      await recordAudit(tx, txCtx, {
        action: "cohort.members_removed",
        entityType: "cohort",
        entityId: String(cohort.id),
        details: { removed, externalAccountNumbers: input.externalAccountNumbers.slice(0, 50) },
      });
    }
    return { removed };
  });
}

/** Importing has begun once an import job or the API puts accounts in: planning → importing. */
export async function markImporting(tx: Db, ctx: Ctx, cohort: Pick<Cohort, "id" | "status">) {
  if (cohort.status === "planning") await moveCohort(tx, ctx, cohort, "importing");
}

/**
 * importing → imported once every member is imported and no import job for the cohort is still
 * running; called when a job ends and by the operator's "Mark imported".
 */
export async function settleImported(
  tx: Db,
  ctx: Ctx,
  cohort: Pick<Cohort, "id" | "status">,
): Promise<{ ok: true } | { ok: false; members: number; notImported: number; runningJobs: number }> {
  const [c] = await execRows<{ members: number; not_imported: number; running_jobs: number }>(
    tx,
    sql`select count(*)::int as members,
               count(*) filter (where a.id is null)::int as not_imported,
               (select count(*)::int from import_jobs j where j.cohort_id = ${cohort.id} and j.status in ('receiving', 'running', 'paused')) as running_jobs
        from cohort_members m left join accounts a on a.supplier_id = m.supplier_id and a.external_account_number = m.external_account_number
        where m.cohort_id = ${cohort.id}`,
  );
  const members = Number(c.members),
    notImported = Number(c.not_imported),
    runningJobs = Number(c.running_jobs);
  if (!members || notImported || runningJobs) return { ok: false, members, notImported, runningJobs };
  await moveCohort(tx, ctx, cohort, "imported", {}, { members });
  return { ok: true };
}

/** An import job naming the cohort ended: if that leaves every member imported, the cohort is imported. */
export async function settleCohortAfterJob(db: Db, cohortId: number, organisationId: number) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const cohort = await findCohort(tx, organisationId, cohortId, { forUpdate: true });
    if (!OPEN_STATUSES.includes(cohort.status)) return;
    await tx
      .update(cohorts)
      .set({ inputsChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(cohorts.id, cohort.id));
    if (cohort.status === "planning" || cohort.status === "importing")
      await settleImported(tx, systemCtx(tx, "import job", organisationId), cohort);
  });
}

/**
 * Before an import job's row is staged: its account joins the job's cohort, in the lane's
 * transaction (a savepoint). Returns the other cohort's name when the account is already in one.
 */
export async function joinCohortForImport(
  tx: Db,
  cohort: { id: number; supplierId: number },
  external: string,
  addedBy: string,
): Promise<string | null> {
  const rows = await execRows<{ cohort_id: number; name: string }>(
    tx,
    sql`with ins as (
          insert into cohort_members (supplier_id, external_account_number, cohort_id, source, added_by)
          values (${cohort.supplierId}, ${external}, ${cohort.id}, 'import_job', ${addedBy})
          on conflict (supplier_id, external_account_number) do nothing returning cohort_id)
        select m.cohort_id, c.name from cohort_members m join cohorts c on c.id = m.cohort_id
        where m.supplier_id = ${cohort.supplierId} and m.external_account_number = ${external} and not exists (select 1 from ins)`,
  );
  const other = rows.find((r) => Number(r.cohort_id) !== cohort.id);
  // The cohort's inputs_changed_at is moved when the job ends, not here: one row of every lane's transactions would serialise them.
  return other?.name ?? null;
}

/** A dry run's check of the same: the other cohort's name when the account is in one. */
export async function otherCohortOf(
  tx: Db,
  cohort: { id: number; supplierId: number },
  external: string,
): Promise<string | null> {
  const [row] = await execRows<{ name: string }>(
    tx,
    sql`select c.name from cohort_members m join cohorts c on c.id = m.cohort_id where m.supplier_id = ${cohort.supplierId} and m.external_account_number = ${external} and m.cohort_id <> ${cohort.id}`,
  );
  return row?.name ?? null;
}
