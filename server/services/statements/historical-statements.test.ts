import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createHistoricalStatementsHandler as create } from "@/server/rest/routes/data-import";
import { accounts, historicalStatements } from "@/db/schema";
import { useTestDb } from "@/test/db";
import { call } from "@/test/http";
import { withTransaction } from "@/server/context";
import { findImportedAccount } from "../import-bodies/common";
import { postImportedStatements } from "./create-historical-statements";
import { statement as productionStatement } from "../import-bodies/production-bodies";
import { Statement } from "./statement-schemas";
import { eventsFor, importedAccount } from "@/test/factories";

const t = useTestDb();
const URL = "/v1/data-import/historical-statements/create/";

const statement = (id: string, extra: Record<string, unknown> = {}) => ({
  bill_period_from_date: "2026-01-01",
  bill_period_to_date: "2026-01-31",
  statement_id: id,
  issued_date: "2026-02-02",
  number: `INV-${id}`,
  gross_amount: 8430,
  ...extra,
});

async function setup() {
  const s = await importedAccount(t.db);
  const [row] = await t.db.select().from(accounts).where(eq(accounts.number, s.account.accountNumber));
  return { ...s, accountId: row.id };
}
const rowsOf = (accountId: number) =>
  t.db
    .select()
    .from(historicalStatements)
    .where(eq(historicalStatements.accountId, accountId))
    .orderBy(historicalStatements.id);

describe("POST data-import/historical-statements/create/", () => {
  it("stores validated statements and echoes them (201); a resent statement_id is refused", async () => {
    const s = await setup();
    const minimal = { bill_period_from_date: "2026-02-01", bill_period_to_date: "2026-02-28", statement_id: "S3" };
    const body = {
      ...s.ref,
      statements: [
        statement("S1", { statement_path: "/statement-1.pdf" }),
        statement("S2", { gross_amount: -1200, issued_date: null }),
        minimal,
        { ...minimal, statement_id: "S4", gross_amount: null },
      ],
    };
    const res = await call(create, URL, { body, auth: s.auth });
    expect(res.status).toBe(201);
    // Echoed as sent: gross_amount an integer in pence, absent fields absent, nulls null.
    expect(res.json).toEqual({ ...s.ref, statements: body.statements });
    const rows = await rowsOf(s.accountId);
    expect(rows.map((r) => [r.statementId, r.grossAmountPence, r.issuedDate, r.number, r.documentLocation])).toEqual([
      ["S1", 8430, "2026-02-02", "INV-S1", `file://${s.docDir}/statement-1.pdf`],
      ["S2", -1200, null, "INV-S2", null],
      ["S3", null, null, null, null],
      ["S4", null, null, null, null],
    ]);
    const again = await call(create, URL, {
      body: { ...s.ref, statements: [statement("S5"), statement("S1")] },
      auth: s.auth,
    });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      code: "historical_statement_already_exists",
      errors: [{ attr: "statements.1.statement_id" }],
    });
    expect(await rowsOf(s.accountId)).toHaveLength(4);
  });

  it("refuses bad statements with stable codes", async () => {
    const s = await setup();
    const cases: [unknown, string, string][] = [
      [
        statement("X", { bill_period_to_date: "2025-12-01" }),
        "start_date_later_than_end_date",
        "statements.0.bill_period_to_date",
      ],
      [
        statement("X", { statement_path: "nope.pdf" }),
        "path_does_not_exist_in_file_store",
        "statements.0.statement_path",
      ],
      [statement("X", { gross_amount: 84.3 }), "invalid_integer", "statements.0.gross_amount"],
      [statement("X", { gross_amount: "8430" }), "invalid_type", "statements.0.gross_amount"],
      [statement("X", { extra: 1 }), "unknown_field", "statements.0.extra"],
      [statement("X", { issued_date: "02/02/2026" }), "invalid_date", "statements.0.issued_date"],
      [statement("X", { number: "" }), "blank", "statements.0.number"],
      [{ ...statement("X"), statement_id: undefined }, "required", "statements.0.statement_id"],
    ];
    for (const [st, code, attr] of cases) {
      const res = await call(create, URL, { body: { ...s.ref, statements: [st] }, auth: s.auth });
      expect(res.status, code).toBe(400);
      expect(res.json.code).toBe(code);
      expect(res.json.errors[0].attr).toBe(attr);
    }
    const dup = await call(create, URL, {
      body: { ...s.ref, statements: [statement("D"), statement("D")] },
      auth: s.auth,
    });
    expect(dup.json).toMatchObject({
      code: "duplicate_statement_ids",
      errors: [{ attr: "statements.1.statement_id" }],
    });
    expect(await rowsOf(s.accountId)).toHaveLength(0);
    const missing = await call(create, URL, {
      body: { ...s.ref, external_account_number: "NOPE", statements: [statement("Z")] },
      auth: s.auth,
    });
    expect(missing.status).toBe(404);
  });

  it("50 concurrent identical requests store the statement once", async () => {
    const s = await setup();
    const body = { ...s.ref, statements: [statement("C1")] };
    const all = await Promise.all(Array.from({ length: 50 }, () => call(create, URL, { body, auth: s.auth })));
    expect(all.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      all.filter((r) => r.status === 400).every((r) => r.json.code === "historical_statement_already_exists"),
    ).toBe(true);
    expect(await rowsOf(s.accountId)).toHaveLength(1);
  });

  it("replays production's HistoricalStatements body (integer pence both ways); postImportedStatements does the same inside the caller's transaction", async () => {
    const s = await setup();
    const sent = {
      ...s.ref,
      statements: [
        productionStatement("P-1", { statement_path: "statement-1.pdf" }),
        productionStatement("P-2", { gross_amount: 0 }),
      ],
    };
    const res = await call(create, URL, { body: sent, auth: s.auth });
    expect(res.status).toBe(201);
    expect(res.json).toEqual(sent);
    expect(res.json.statements.map((x: any) => x.gross_amount)).toEqual([8430, 0]);
    const embedded = [productionStatement("E-1", { gross_amount: 12345 })].map((x) => Statement.parse(x));
    const out = await withTransaction(s.org.ctx, async (tx, ctx) =>
      postImportedStatements(
        tx,
        ctx,
        await findImportedAccount(tx, s.org.id, s.ref.import_supplier, s.ref.external_account_number, { lock: true }),
        embedded,
      ),
    );
    expect(out).toEqual(embedded);
    expect((await rowsOf(s.accountId)).map((r) => [r.statementId, r.grossAmountPence])).toEqual([
      ["P-1", 8430],
      ["P-2", 0],
      ["E-1", 12345],
    ]);
    const evs = (await eventsFor(t.db, s.account.accountNumber)).filter(
      (e) => e.type === "data_import.import_process.post_import.completed",
    );
    expect(evs.map((e) => (e.payload as any).identifier)).toEqual(["P-1", "P-2", "E-1"]);
    const dup = await withTransaction(s.org.ctx, async (tx, ctx) =>
      postImportedStatements(
        tx,
        ctx,
        await findImportedAccount(tx, s.org.id, s.ref.import_supplier, s.ref.external_account_number, { lock: true }),
        [...embedded, ...embedded],
        { attrPrefix: ["statements"] },
      ).catch((e) => e),
    );
    expect(dup.errors).toEqual([
      expect.objectContaining({ code: "duplicate_statement_ids", attr: "statements.1.statement_id" }),
    ]);
  });
});
