import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stageAccountHandler as stage } from "@/server/rest/routes/account-import";
import { processAccountHandler as processRoute } from "@/server/rest/routes/account-import";
import { transferStatusHandler as transferStatus } from "@/server/rest/routes/account-import";
import { allImportProcessesHandler as allList } from "@/server/rest/routes/account-import";
import { pendingImportProcessesHandler as pendingList } from "@/server/rest/routes/account-import";
import { createNotesHandler as notesRoute } from "@/server/rest/routes/data-import";
import { validateAccountHandler as validate } from "@/server/rest/routes/account-import";
import { accountImportProcesses, events, importSuppliers, notes } from "@/db/schema";
import { callerFor } from "@/test/factories";
import { ServiceError } from "@/server/errors";
import { openAccountDocument } from "@/server/services/documents/open-document";
import { checkDocuments } from "@/server/services/documents/store";
import { importedAccount } from "@/test/factories";
import { uniq, useTestDb } from "@/test/db";
import { accountPayload, makeOrg, makeSupplier, makeUser } from "@/test/factories";
import { call } from "@/test/http";

const t = useTestDb();
const STAGE = "/v1/data-import/account-import-process/create-or-update/";
const AGREEMENT = "supply_addresses.0.meter_points.0.agreements.0";
const BAD_DATES = [
  "not-a-date",
  "2024-02-30T00:00:00Z",
  "2024-13-01T00:00:00Z",
  "0000-01-01T00:00:00Z",
  "0001-01-01T10:00:00+14:00",
];

async function world() {
  const org = await makeOrg(t.db);
  const supplier = await makeSupplier(org);
  const operator = callerFor(t.db, await makeUser(org, "operator"));
  return { org, supplier, operator, auth: `Token ${org.apiKey}` };
}

function withAgreement(supplierCode: string, field: string, value: unknown, external = uniq("EXT")) {
  const body = accountPayload(supplierCode, external) as any;
  body.supply_addresses[0].meter_points[0].agreements[0][field] = value;
  return body;
}

const stagedCount = async (supplierId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(accountImportProcesses)
      .where(eq(accountImportProcesses.supplierId, supplierId))
  )[0].n;

/** A database trigger refusing rows of one external number, as the database refuses a value it cannot store. */
async function refuseInDatabase(table: "account_import_processes" | "accounts", external: string) {
  const fn = `refuse_${table}_${external.toLowerCase()}`;
  await t.db.execute(
    sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
    if new.external_account_number = '${external}' then raise exception 'integer out of range' using errcode = '22003'; end if; return new; end $$`),
  );
  await t.db.execute(
    sql.raw(`create trigger ${fn} before insert or update on ${table} for each row execute function ${fn}()`),
  );
  return async () => {
    await t.db.execute(sql.raw(`drop trigger ${fn} on ${table}`));
    await t.db.execute(sql.raw(`drop function ${fn}()`));
  };
}

describe("issue 18.1: invalid agreement dates are 400s at their field, never 500s", () => {
  it("create-or-update/, validate-account/ and the console's stageRows refuse each date at its attr and stage nothing", async () => {
    const { supplier, auth } = await world();
    for (const [field, code] of [
      ["effective_from", "invalid_date"],
      ["effective_to", "invalid_date"],
      ["agreed_at", "invalid_datetime"],
    ] as const) {
      for (const bad of BAD_DATES) {
        const body = withAgreement(supplier.code, field, bad);
        for (const route of [stage, validate]) {
          const r = await call(route, STAGE, { body, auth });
          expect(r.status, `${field}=${bad}`).toBe(400);
          expect(r.json).toMatchObject({ code: "account_failed_validation" });
          expect(r.json.errors).toContainEqual(expect.objectContaining({ attr: `${AGREEMENT}.${field}`, code }));
        }
      }
    }
    expect(await stagedCount(supplier.id)).toBe(0);
  });
});

describe("issue 18.3: staging refuses what processing cannot store; processing never 500s on staged data", () => {
  it("EACs adding up past the integer consumption standard, and integers past 2^31, are 400s at the field", async () => {
    const { supplier, auth } = await world();
    const body = accountPayload(supplier.code) as any;
    const point = body.supply_addresses[0].meter_points[0];
    point.eac_history = Array.from({ length: 30 }, (_, i) => ({
      tpr: String(i + 1).padStart(5, "0"),
      consumption: "99999999.99",
      effective_from: "2025-01-01",
    }));
    const r = await call(stage, STAGE, { body, auth });
    expect(r.status).toBe(400);
    expect(r.json.errors).toContainEqual(
      expect.objectContaining({ attr: "supply_addresses.0.meter_points.0.eac_history", code: "max_value" }),
    );

    for (const value of [3_000_000_000, 2_147_483_648]) {
      const big = accountPayload(supplier.code) as any;
      big.supply_addresses[0].meter_points[0].profile_class = value;
      const res = await call(stage, STAGE, { body: big, auth });
      expect(res.status).toBe(400);
      expect(res.json.errors).toContainEqual(
        expect.objectContaining({ attr: "supply_addresses.0.meter_points.0.profile_class", code: "max_value" }),
      );
    }
    expect(await stagedCount(supplier.id)).toBe(0);
  });

  it("a staged account the database refuses to store: process/ and its dry run answer 400 account_import_failed, the import is failed with an error event", async () => {
    const { supplier, auth, org } = await world();
    const boom = uniq("BOOM");
    expect((await call(stage, STAGE, { body: accountPayload(supplier.code, boom), auth })).status).toBe(201);
    const undo = await refuseInDatabase("accounts", boom);
    try {
      for (const dry_run of [true, false]) {
        const r = await call(processRoute, "/v1/data-import/account-import-process/process/", {
          body: { import_supplier_code: supplier.code, external_account_number: boom, dry_run },
          auth,
        });
        expect(r.status).toBe(400);
        expect(r.json).toMatchObject({
          code: "account_import_failed",
          errors: [expect.objectContaining({ code: "account_import_failed" })],
        });
      }
      const [row] = await t.db
        .select()
        .from(accountImportProcesses)
        .where(
          and(
            eq(accountImportProcesses.supplierId, supplier.id),
            eq(accountImportProcesses.externalAccountNumber, boom),
          ),
        );
      expect(row.status).toBe("failed");
      const types = (await t.db.select().from(events).where(eq(events.organisationId, org.id)))
        .filter((e) => (e.payload as any).external_identifier === boom)
        .map((e) => e.type);
      expect(types.sort()).toEqual(["data_import.import_process.dry_run_error", "data_import.import_process.error"]);
    } finally {
      await undo();
    }
  });
});

describe("issue 18.5: document paths that cannot name a file are 400s, not 503s to retry", () => {
  it("notes/create refuses %00 and a 300-character segment at the path's attr, with no Retry-After", async () => {
    const { auth, ref, account } = await importedAccount(t.db);
    for (const document_path of ["probe/ok.pdf%00.txt", `probe/${"a".repeat(300)}.pdf`, "probe/%ZZ.pdf"]) {
      const r = await call(notesRoute, "/v1/data-import/notes/create/", {
        auth,
        body: { ...ref, notes: [{ document_paths: [{ document_path }] }] },
      });
      expect(r.status, document_path).toBe(400);
      expect(r.headers.get("retry-after")).toBeNull();
      expect(JSON.stringify(r.json)).toContain("invalid_document_path");
    }
    const stored = await t.db
      .select({ n: count() })
      .from(notes)
      .innerJoin(importSuppliers, sql`true`)
      .where(eq(notes.body, account.accountNumber));
    expect(stored[0].n).toBe(0);
  });

  it("the store answers a path the filesystem refuses as missing, not unavailable", async () => {
    const { docDir } = await importedAccount(t.db);
    const { errors } = await checkDocuments(`file://${docDir}`, [
      { attr: ["a"], path: `${"b".repeat(300)}.pdf` },
      { attr: ["b"], path: "x%00.pdf" },
    ]);
    expect(errors.map((e) => e.code)).toEqual([
      "path_does_not_exist_in_file_store",
      "path_does_not_exist_in_file_store",
    ]);
  });
});

describe("issue 18.6: a NUL in a GET path parameter is 400 null_character", () => {
  it("transfer status and the import-process lists", async () => {
    const { supplier, auth } = await world();
    const cases: { handler: unknown; params: Record<string, string>; attr: string }[] = [
      { handler: transferStatus, params: { supplier: supplier.code, external: "\u0000" }, attr: "external" },
      { handler: transferStatus, params: { supplier: "\u0000", external: "X" }, attr: "supplier" },
      { handler: allList, params: { supplier: "A\u0000B" }, attr: "supplier" },
      { handler: pendingList, params: { supplier: "\u0000" }, attr: "supplier" },
    ];
    for (const c of cases) {
      const r = await call(c.handler as never, "/v1/x/", { auth, params: c.params });
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        detail: expect.any(String),
        code: "null_character",
        errors: [expect.objectContaining({ attr: c.attr, code: "null_character" })],
      });
    }
  });
});

describe("issue 18.8: the console document route's malformed segments are 400/404, never 500", () => {
  it("id 'abc', an id past bigint, an unknown kind, index -1 and a malformed account number", async () => {
    const { org, account } = await importedAccount(t.db);
    const user = await makeUser(org, "support");
    const ctx = {
      db: t.db,
      requestId: "t",
      actor: { kind: "user" as const, organisationId: org.id, userId: user.id, role: user.role, email: user.email },
    };
    const outcome = async (input: Record<string, unknown>) => {
      try {
        await openAccountDocument(ctx, {
          accountNumber: account.accountNumber,
          kind: "note",
          id: "1",
          ...input,
        } as never);
        return "opened";
      } catch (err) {
        if (!(err instanceof ServiceError)) throw err;
        return `${err.status} ${err.code}`;
      }
    };
    expect(await outcome({ id: "abc" })).toBe("400 invalid");
    expect(await outcome({ id: "99999999999999999999999" })).toBe("400 invalid");
    expect(await outcome({ id: "2147483648" })).toBe("400 invalid");
    expect(await outcome({ kind: "bogus" })).toBe("404 document_not_found");
    expect(await outcome({ index: "-1" })).toBe("400 invalid");
    expect(await outcome({ accountNumber: "A-%%ZZ" })).toBe("400 invalid");
    expect(await outcome({ id: "2147483647" })).toBe("404 document_not_found");
  });
});
