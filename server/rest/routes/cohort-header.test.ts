import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { execRows } from "@/db/client";
import { cohortMembers, cohorts } from "@/db/schema";
import { ErrorBody } from "@/server/errors";
import { restRouteModule } from "@/server/rest/routes/router";
import { signOffCohort } from "@/server/services/cohorts/sign-off";
import { useTestDb, uniq } from "@/test/db";
import {
  accountPayload,
  makeCohort,
  makeImportedAccount,
  makeOrg,
  makeReconciledCohort,
  makeSupplier,
} from "@/test/factories";
import { call } from "@/test/http";

/**
 * The data-import API's optional X-Kraken-Migrate-Cohort header (ADR 0416), through the REST
 * route table's dispatch as a script calls create-or-update/: the account joins the named cohort
 * of its supplier, or the call is refused with the documented error shape and nothing is staged.
 */
const t = useTestDb();
const routes = restRouteModule();
const PATH = "/v1/data-import/account-import-process/create-or-update/";

async function world() {
  const org = await makeOrg(t.db, "Header Energy");
  const a = await makeSupplier(org);
  const b = await makeSupplier(org);
  const wave = await makeCohort(org, a.code, { name: "Wave 1" });
  const other = await makeCohort(org, b.code, { name: "Wave B" });
  return { org, a, b, wave, other, auth: `Token ${org.apiKey}` };
}

const stage = (auth: string, body: unknown, cohort?: string, header = "X-Kraken-Migrate-Cohort") =>
  call(routes.POST, PATH, { auth, body, headers: cohort === undefined ? {} : { [header]: cohort } });

const membersOf = async (cohortId: number) =>
  (await t.db.select().from(cohortMembers).where(eq(cohortMembers.cohortId, cohortId))).map((m) => [
    m.externalAccountNumber,
    m.source,
  ]);
const stagedCount = async (external: string) =>
  Number(
    (
      await execRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from account_import_processes where external_account_number = ${external}`,
      )
    )[0].n,
  );

function expectHeaderRefusal(res: { status: number; json: unknown }, code: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  const body = ErrorBody.parse(res.json);
  expect(body.code).toBe(code);
  expect(body.errors).toEqual([{ attr: "X-Kraken-Migrate-Cohort", code, detail: expect.any(String) }]);
}

describe("create-or-update/ with the X-Kraken-Migrate-Cohort header", () => {
  it("stages the account into its supplier's cohort of that name, once however often it is resent; without the header nothing joins", async () => {
    const { a, wave, auth } = await world();
    const payload = accountPayload(a.code);
    const res = await stage(auth, payload, "Wave 1", "x-kraken-migrate-cohort");
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({
      external_account_number: payload.external_account_number,
      import_supplier_code: a.code,
    });
    expect(await membersOf(wave.id)).toEqual([[payload.external_account_number, "api"]]);
    const [c] = await t.db.select().from(cohorts).where(eq(cohorts.id, wave.id));
    expect(c.status).toBe("importing");
    const audit = await execRows<{ action: string; to: string }>(
      t.db,
      sql`select action, details->>'to' as to from audit_log where entity_type = 'cohort' and entity_id = ${String(wave.id)} order by id`,
    );
    expect(audit).toEqual([
      { action: "cohort.created", to: null },
      { action: "cohort.status_changed", to: "importing" },
    ]);
    // A resend restages (200) and leaves one membership.
    expect((await stage(auth, payload, "Wave 1")).status).toBe(200);
    expect(await membersOf(wave.id)).toHaveLength(1);
    // Without the header: staged, in no cohort.
    const plain = accountPayload(a.code);
    expect((await stage(auth, plain)).status).toBe(201);
    const [{ n }] = await execRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from cohort_members where external_account_number = ${plain.external_account_number}`,
    );
    expect(Number(n)).toBe(0);
  });

  it("an unknown cohort name, another supplier's cohort or another organisation's is a 400 cohort_not_found, and nothing is staged", async () => {
    const { a, other, wave, auth } = await world();
    const elsewhere = await makeOrg(t.db, "Elsewhere Energy");
    await makeCohort(elsewhere, (await makeSupplier(elsewhere)).code, { name: "Wave O" });
    for (const name of ["No such wave", "Wave B", "Wave O", "wave 1", ""]) {
      const payload = accountPayload(a.code);
      const res = await stage(auth, payload, name);
      expectHeaderRefusal(res, "cohort_not_found");
      expect(await stagedCount(payload.external_account_number as string), name).toBe(0);
    }
    expect(await membersOf(wave.id)).toEqual([]);
    expect(await membersOf(other.id)).toEqual([]);
  });

  it("a signed-off cohort, or an account already in another cohort, is refused with its code, and the staged payload stays as it was", async () => {
    const { org, a, wave, auth } = await world();
    const done = await makeImportedAccount(org, a.code);
    const signed = await makeReconciledCohort(t.db, org, a.code, [done], { name: "Wave 0" });
    await signOffCohort(org.ctx, { id: signed.id });
    const fresh = accountPayload(a.code);
    expectHeaderRefusal(await stage(auth, fresh, "Wave 0"), "cohort_signed_off");
    expect(await stagedCount(fresh.external_account_number as string)).toBe(0);

    // Staged into Wave 2 first; restaging it with Wave 1 named changes neither its payload nor its cohort.
    const wave2 = await makeCohort(org, a.code, { name: "Wave 2" });
    const payload = accountPayload(a.code, uniq("EXT"), { billing_name: "First Name" });
    expect((await stage(auth, payload, "Wave 2")).status).toBe(201);
    expectHeaderRefusal(
      await stage(auth, { ...payload, billing_name: "Changed Name" }, "Wave 1"),
      "account_in_another_cohort",
    );
    const [row] = await execRows<{ name: string }>(
      t.db,
      sql`select payload->>'billing_name' as name from account_import_processes where external_account_number = ${payload.external_account_number}`,
    );
    expect(row.name).toBe("First Name");
    expect(await membersOf(wave.id)).toEqual([]);
    expect(await membersOf(wave2.id)).toEqual([[payload.external_account_number, "api"]]);
  });
});
