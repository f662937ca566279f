import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { cohortMembers, cohorts } from "@/db/schema";
import { useTestDb } from "@/test/db";
import {
  callerFor,
  codeOf,
  drainQueue,
  makeCohort,
  makeImportedAccount,
  makeOrg,
  makeReconciledCohort,
  makeSupplier,
  makeUser,
} from "@/test/factories";
import { ServiceError } from "../../errors";
import { updateCohort } from "./create-cohort";
import { cutoverJobHandler, startCutover } from "./cutover";
import { removeCohortMembers } from "./members";
import { requestReconciliation, reconcileJobHandler } from "./reconcile";
import { listResults } from "./results";
import { acceptMismatches, signOffCohort } from "./sign-off";

const t = useTestDb();

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof ServiceError) return { code: err.code, kind: err.kind, errors: err.errors };
    throw err;
  }
  throw new Error("expected a refusal");
};

const auditOf = async (id: number) =>
  execRows<{ action: string; details: Record<string, unknown> }>(
    t.db,
    sql`select action, details from audit_log where entity_type = 'cohort' and entity_id = ${String(id)} order by id`,
  );

async function world() {
  const org = await makeOrg(t.db, "Edit Energy");
  const supplier = await makeSupplier(org);
  return { org, code: supplier.code };
}

describe("editing a cohort", () => {
  it("changes name, planned cut-over date and notes, audited with the values before and after; an unchanged form writes nothing", async () => {
    const { org, code } = await world();
    const c = await makeCohort(org, code, { name: "Wave 1", plannedCutoverDate: "2027-01-15", notes: "first" });
    expect(
      await updateCohort(org.ctx, {
        id: c.id,
        name: "Wave 1 (London)",
        plannedCutoverDate: "2027-02-01",
        notes: "  moved a fortnight  ",
      }),
    ).toEqual({ id: c.id, changed: true });
    const [row] = await t.db.select().from(cohorts).where(eq(cohorts.id, c.id));
    expect(row).toMatchObject({
      name: "Wave 1 (London)",
      plannedCutoverDate: "2027-02-01",
      notes: "moved a fortnight",
    });
    expect((await auditOf(c.id)).filter((a) => a.action === "cohort.updated").map((a) => a.details)).toEqual([
      {
        before: { name: "Wave 1", plannedCutoverDate: "2027-01-15", notes: "first" },
        after: { name: "Wave 1 (London)", plannedCutoverDate: "2027-02-01", notes: "moved a fortnight" },
      },
    ]);
    // The same values again, and clearing what is already clear: nothing changes, nothing is audited.
    expect(
      await updateCohort(org.ctx, {
        id: c.id,
        name: "Wave 1 (London)",
        plannedCutoverDate: "2027-02-01",
        notes: "moved a fortnight",
      }),
    ).toEqual({ id: c.id, changed: false });
    expect(await updateCohort(org.ctx, { id: c.id, plannedCutoverDate: null, notes: "" })).toEqual({
      id: c.id,
      changed: true,
    });
    const [cleared] = await t.db.select().from(cohorts).where(eq(cohorts.id, c.id));
    expect(cleared).toMatchObject({ plannedCutoverDate: null, notes: null });
    expect((await auditOf(c.id)).filter((a) => a.action === "cohort.updated")).toHaveLength(2);
  });

  it("refuses a name another cohort of the supplier has, a bad date, support users and another organisation, changing nothing", async () => {
    const { org, code } = await world();
    const c = await makeCohort(org, code, { name: "Wave 1" });
    await makeCohort(org, code, { name: "Wave 2" });
    const taken = await refusal(updateCohort(org.ctx, { id: c.id, name: "Wave 2", notes: "x" }));
    expect(taken).toMatchObject({ code: "cohort_name_taken", errors: [{ attr: "name", code: "cohort_name_taken" }] });
    expect((await refusal(updateCohort(org.ctx, { id: c.id, plannedCutoverDate: "2027-02-30" }))).kind).toBe(
      "validation",
    );
    const support = callerFor(t.db, await makeUser(org, "support"));
    expect(await codeOf(support.cohort.update({ id: c.id, name: "By support" }))).toBe("FORBIDDEN");
    const other = await makeOrg(t.db, "Other Energy");
    expect(
      await codeOf(callerFor(t.db, await makeUser(other, "operator")).cohort.update({ id: c.id, name: "Taken over" })),
    ).toBe("NOT_FOUND");
    const [row] = await t.db.select().from(cohorts).where(eq(cohorts.id, c.id));
    expect(row).toMatchObject({ name: "Wave 1", notes: null });
    expect((await auditOf(c.id)).map((a) => a.action)).toEqual(["cohort.created"]);
  });

  it("is allowed through sign-off and refused once the cut-over has started", async () => {
    const { org, code } = await world();
    const a = await makeImportedAccount(org, code);
    const c = await makeReconciledCohort(t.db, org, code, [a]);
    await signOffCohort(org.ctx, { id: c.id });
    expect(await updateCohort(org.ctx, { id: c.id, plannedCutoverDate: "2027-03-01" })).toEqual({
      id: c.id,
      changed: true,
    });
    await startCutover(org.ctx, { id: c.id });
    expect(await refusal(updateCohort(org.ctx, { id: c.id, notes: "too late" }))).toMatchObject({
      code: "cohort_not_editable",
      kind: "conflict",
    });
    await drainQueue(t.db, cutoverJobHandler);
    const [row] = await t.db.select().from(cohorts).where(eq(cohorts.id, c.id));
    expect(row.status).toBe("cut_over");
    expect(await refusal(updateCohort(org.ctx, { id: c.id, name: "Renamed after" }))).toMatchObject({
      code: "cohort_not_editable",
    });
    expect(row).toMatchObject({ plannedCutoverDate: "2027-03-01", notes: null });
  });
});

describe("removing a member", () => {
  it("takes the account out, audited; the last run is then stale, so sign-off needs a new one", async () => {
    const { org, code } = await world();
    const [a, b] = [await makeImportedAccount(org, code), await makeImportedAccount(org, code)];
    const c = await makeReconciledCohort(t.db, org, code, [a, b]);
    expect(await removeCohortMembers(org.ctx, { id: c.id, externalAccountNumbers: [b.externalAccountNumber] })).toEqual(
      { removed: 1 },
    );
    const members = await t.db.select().from(cohortMembers).where(eq(cohortMembers.cohortId, c.id));
    expect(members.map((m) => m.externalAccountNumber)).toEqual([a.externalAccountNumber]);
    expect((await auditOf(c.id)).filter((x) => x.action === "cohort.members_removed").map((x) => x.details)).toEqual([
      { removed: 1, externalAccountNumbers: [b.externalAccountNumber] },
    ]);
    // Not a member (any more): nothing removed, nothing audited.
    expect(await removeCohortMembers(org.ctx, { id: c.id, externalAccountNumbers: [b.externalAccountNumber] })).toEqual(
      { removed: 0 },
    );
    expect((await auditOf(c.id)).filter((x) => x.action === "cohort.members_removed")).toHaveLength(1);
    expect(await refusal(signOffCohort(org.ctx, { id: c.id }))).toMatchObject({ code: "reconciliation_stale" });
    // The new run finds the removed account in the control file only; once that is accepted the cohort signs off.
    await requestReconciliation(org.ctx, { id: c.id });
    await drainQueue(t.db, reconcileJobHandler);
    const open = await listResults(org.ctx, { id: c.id, state: "open" });
    expect(open.items.map((r) => [r.externalAccountNumber, r.check, r.sourceValue, r.platformValue])).toEqual([
      [b.externalAccountNumber, "presence", "in control file", "not in this cohort"],
    ]);
    expect(await acceptMismatches(org.ctx, { id: c.id, reason: "Moved to the next wave" })).toEqual({ accepted: 1 });
    expect(await signOffCohort(org.ctx, { id: c.id })).toMatchObject({ status: "reconciled" });
  });

  it("is refused after sign-off, for support users and for another organisation, removing nothing", async () => {
    const { org, code } = await world();
    const a = await makeImportedAccount(org, code);
    const c = await makeReconciledCohort(t.db, org, code, [a]);
    const support = callerFor(t.db, await makeUser(org, "support"));
    expect(
      await codeOf(support.cohort.removeMembers({ id: c.id, externalAccountNumbers: [a.externalAccountNumber] })),
    ).toBe("FORBIDDEN");
    const other = await makeOrg(t.db, "Other Energy");
    expect(
      await codeOf(
        callerFor(t.db, await makeUser(other, "operator")).cohort.removeMembers({
          id: c.id,
          externalAccountNumbers: [a.externalAccountNumber],
        }),
      ),
    ).toBe("NOT_FOUND");
    await signOffCohort(org.ctx, { id: c.id });
    expect(
      await refusal(removeCohortMembers(org.ctx, { id: c.id, externalAccountNumbers: [a.externalAccountNumber] })),
    ).toMatchObject({ code: "cohort_signed_off", kind: "conflict" });
    const members = await t.db.select().from(cohortMembers).where(eq(cohortMembers.cohortId, c.id));
    expect(members).toHaveLength(1);
    expect((await auditOf(c.id)).map((x) => x.action)).not.toContain("cohort.members_removed");
  });
});
