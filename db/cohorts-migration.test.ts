import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, it } from "vitest";
import { migrationsAround } from "@/test/migrations";

const migration = migrationsAround("cohorts");

describe("migrations cohorts and cohort_cutover (ADR 0416, 0418)", () => {
  it("keep an account in one cohort of its own supplier, a meter point in one cut-over, and statuses and sign-off consistent", async () => {
    // Migrations before these load pg_trgm (the account search, ADR 0407).
    const pg = await PGlite.create("memory://", { extensions: { pg_trgm } });
    try {
      await migration.before(pg);
      await pg.exec(`
        insert into organisations (id, number, name) values (1, 'ORG-AAAA', 'A');
        insert into import_suppliers (id, organisation_id, code, name, document_root) values (1, 1, 'S', 'S', 's3://bucket/a'), (2, 1, 'T', 'T', 's3://bucket/b');
        insert into import_jobs (organisation_id, supplier_id, format, file_name, created_by) values (1, 1, 'jsonl', 'old.jsonl', 'x');`);
      await migration.from(pg, 2);
      // A job uploaded before the migration names no cohort.
      expect((await pg.query<{ cohort_id: number | null }>("select cohort_id from import_jobs")).rows).toEqual([
        { cohort_id: null },
      ]);
      await pg.exec(
        `insert into cohorts (id, organisation_id, supplier_id, name, created_by) values (1, 1, 1, 'Wave 1', 'x'), (2, 1, 1, 'Wave 2', 'x'), (3, 1, 2, 'Other', 'x')`,
      );
      await expect(
        pg.exec(
          `insert into cohorts (id, organisation_id, supplier_id, name, created_by) values (4, 1, 1, 'Wave 1', 'x')`,
        ),
      ).rejects.toThrow(/cohorts_supplier_name_key/);
      await pg.exec(
        `insert into cohort_members (supplier_id, external_account_number, cohort_id, source, added_by) values (1, 'X1', 1, 'list', 'x')`,
      );
      await expect(
        pg.exec(
          `insert into cohort_members (supplier_id, external_account_number, cohort_id, source, added_by) values (1, 'X1', 2, 'list', 'x')`,
        ),
      ).rejects.toThrow(/cohort_members_pkey/);
      // A member's supplier is its cohort's.
      await expect(
        pg.exec(
          `insert into cohort_members (supplier_id, external_account_number, cohort_id, source, added_by) values (1, 'X2', 3, 'list', 'x')`,
        ),
      ).rejects.toThrow(/cohort_members_cohort_fk/);
      await expect(pg.exec(`update cohorts set status = 'reconciled' where id = 1`)).rejects.toThrow(
        /cohorts_signed_off_check/,
      );
      await expect(pg.exec(`update cohorts set status = 'done' where id = 1`)).rejects.toThrow(/cohorts_status_check/);
      await pg.exec(
        `update cohorts set status = 'reconciled', signed_off_by = 'op', signed_off_at = now() where id = 1`,
      );
      await expect(
        pg.exec(
          `insert into cohort_mismatch_acceptances (cohort_id, external_account_number, "check", reason, accepted_by) values (1, 'X1', 'balance', ' ', 'op')`,
        ),
      ).rejects.toThrow(/reason_check/);
      await pg.exec(`
        insert into accounts (id, number, supplier_id, external_account_number, open_statement_period_start) values (1, 'A-00000001', 1, 'X1', '2025-01-01');
        insert into supply_addresses (id, account_id, address_line1, postcode) values (1, 1, '1 Road', 'N1 1AA');
        insert into meter_points (id, account_id, supply_address_id, fuel, mpxn) values (1, 1, 1, 'electricity', '1200000123456');
        insert into cohort_cutover_items (meter_point_id, cohort_id, account_id, mpxn) values (1, 1, 1, '1200000123456');`);
      await expect(
        pg.exec(
          `insert into cohort_cutover_items (meter_point_id, cohort_id, account_id, mpxn) values (1, 2, 1, '1200000123456')`,
        ),
      ).rejects.toThrow(/cohort_cutover_items_pkey/);
      await expect(pg.exec(`update cohort_cutover_items set status = 'refused', processed_at = now()`)).rejects.toThrow(
        /cohort_cutover_items_refused_check/,
      );
    } finally {
      await pg.close();
    }
  }, 120_000);
});
