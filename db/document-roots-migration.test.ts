import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrationsAround } from "@/test/migrations";

const migration = migrationsAround("document_roots_per_organisation");

describe("migration document_roots_per_organisation (ADR 0106)", () => {
  it("carries existing suppliers forward: each root claimed by its oldest supplier's organisation; an overlapping or odd one left unowned", async () => {
    const pg = new PGlite("memory://");
    try {
      await migration.before(pg);
      await pg.exec(`
        insert into organisations (id, number, name) values (1, 'ORG-AAAA', 'A'), (2, 'ORG-BBBB', 'B');
        insert into import_suppliers (id, organisation_id, code, name, document_root) values
          (1, 1, 'A-1', 'A-1', 'file:///srv/docs/a'),
          (2, 1, 'A-2', 'A-2', 'file:///srv/docs/a/'),
          (3, 2, 'B-1', 'B-1', 'file:///srv/docs/a/cohort'),
          (4, 2, 'B-2', 'B-2', 's3://bucket/b'),
          (5, 1, 'A-3', 'A-3', 's3://bucket'),
          (6, 2, 'B-3', 'B-3', 'file:///srv/docs/a%20b'),
          (7, 2, 'B-4', 'B-4', 'file:///srv/docs/b');
        select setval('import_suppliers_id_seq', 100);`);
      await migration.from(pg);
      const roots = await pg.query<{ id: number; organisation_id: number; root: string }>(
        "select id, organisation_id, root from document_roots order by id",
      );
      expect(roots.rows.map((r) => [r.organisation_id, r.root])).toEqual([
        [1, "file:///srv/docs/a/"],
        [2, "s3://bucket/b/"],
        [2, "file:///srv/docs/b/"],
      ]);
      const id = (root: string) => roots.rows.find((r) => r.root === root)!.id;
      const suppliers = await pg.query<{ code: string; document_root_id: number | null }>(
        "select code, document_root_id from import_suppliers order by id",
      );
      expect(suppliers.rows).toEqual([
        { code: "A-1", document_root_id: id("file:///srv/docs/a/") },
        { code: "A-2", document_root_id: id("file:///srv/docs/a/") },
        { code: "B-1", document_root_id: null },
        { code: "B-2", document_root_id: id("s3://bucket/b/") },
        { code: "A-3", document_root_id: null },
        { code: "B-3", document_root_id: null },
        { code: "B-4", document_root_id: id("file:///srv/docs/b/") },
      ]);
      // Codes are now unique per organisation, not across the platform.
      await pg.exec(
        `insert into import_suppliers (organisation_id, code, name, document_root) values (2, 'A-1', 'A-1', 's3://bucket/b')`,
      );
      await expect(
        pg.exec(
          `insert into import_suppliers (organisation_id, code, name, document_root) values (2, 'A-1', 'again', 's3://bucket/b')`,
        ),
      ).rejects.toThrow(/import_suppliers_organisation_id_code_key/);
      await expect(
        pg.exec(`insert into document_roots (organisation_id, root) values (1, 'file:///srv/docs/b/x/')`),
      ).rejects.toThrow(/overlaps another organisation/);
    } finally {
      await pg.close();
    }
  }, 120_000);
});
