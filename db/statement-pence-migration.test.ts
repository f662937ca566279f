import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrationsAround } from "@/test/migrations";

const migration = migrationsAround("post_import_bodies");

describe("migration post_import_bodies", () => {
  it("converts stored statement amounts from pounds to pence exactly, and keeps stored transactions", async () => {
    const pg = new PGlite("memory://");
    try {
      await migration.before(pg);
      // Rows as the earlier schema held them (foreign keys aside).
      await pg.exec(`set session_replication_role = replica;
        insert into historical_statements (account_id, statement_id, bill_period_from_date, bill_period_to_date, issued_date, number, gross_amount)
        values (1, 'S1', '2026-01-01', '2026-01-31', '2026-02-01', 'N1', 84.30), (1, 'S2', '2026-01-01', '2026-01-31', '2026-02-01', 'N2', -12.05),
               (1, 'S3', '2026-01-01', '2026-01-31', '2026-02-01', 'N3', 999999999999.99);
        insert into transactions (account_id, transaction_id, type, reason, amount, transaction_date, original_transaction_date, statement_period_start, payment_type)
        values (1, 'T1', 'PAYMENT', null, 10.50, '2026-01-02', '2026-01-02', '2026-01-01', 'DD_REGULAR_COLLECTION');`);
      await migration.from(pg);
      const statements = await pg.query<{ statement_id: string; gross_amount_pence: string }>(
        "select statement_id, gross_amount_pence::text from historical_statements order by statement_id",
      );
      expect(statements.rows).toEqual([
        { statement_id: "S1", gross_amount_pence: "8430" },
        { statement_id: "S2", gross_amount_pence: "-1205" },
        { statement_id: "S3", gross_amount_pence: "99999999999999" },
      ]);
      const txns = await pg.query<{ amount: string; statement: string }>(
        "select amount::text, statement from transactions",
      );
      expect(txns.rows).toEqual([{ amount: "10.5000000000", statement: "current" }]);
    } finally {
      await pg.close();
    }
  });
});
