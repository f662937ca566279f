import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrationsAround } from "@/test/migrations";

const migration = migrationsAround("customer_keys");

describe("migration customer_keys (ADR 0207, 0208)", () => {
  it("gives meters imported before it their smart_device_id and units_of_measure from the staged payload; leaves others as they were", async () => {
    const pg = new PGlite("memory://");
    try {
      await migration.before(pg);
      const payload = {
        supply_addresses: [
          {
            meter_points: [
              {
                identifier: "1200000123456",
                meters: [{ meter_serial_number: "E1", smart_device_id: "AA-01" }, { meter_serial_number: "E2" }],
              },
              {
                identifier: "7200000001",
                meters: [{ meter_serial_number: "G1", smart_device_id: "GG-01", units_of_measure: "SCFH" }],
              },
            ],
          },
        ],
      };
      await pg.exec(`
        insert into organisations (id, number, name) values (1, 'ORG-AAAA', 'A');
        insert into import_suppliers (id, organisation_id, code, name, document_root) values (1, 1, 'S', 'S', 's3://bucket/a');
        insert into accounts (id, number, supplier_id, external_account_number, open_statement_period_start) values (1, 'A-00000001', 1, 'X1', '2025-01-01'), (2, 'A-00000002', 1, 'X2', '2025-01-01');
        insert into account_import_processes (supplier_id, external_account_number, status, payload, account_id, imported_at)
          values (1, 'X1', 'imported', '${JSON.stringify(payload)}', 1, now()), (1, 'X2', 'imported', '{"supply_addresses": "not an array"}', 2, now());
        insert into supply_addresses (id, account_id, address_line1, postcode) values (1, 1, '1 Road', 'N1 1AA'), (2, 2, '2 Road', 'N1 1AA');
        insert into meter_points (account_id, supply_address_id, fuel, mpxn, meters) values
          (1, 1, 'electricity', '1200000123456', '[{"serial_number": "E1", "registers": []}, {"serial_number": "E2", "registers": []}]'),
          (1, 1, 'gas', '7200000001', '[{"serial_number": "G1", "registers": []}]'),
          (2, 2, 'electricity', '1200000654321', '[{"serial_number": "E9", "registers": []}]');`);
      await migration.from(pg);
      const rows = await pg.query<{ mpxn: string; meters: unknown }>(
        "select mpxn, meters from meter_points order by id",
      );
      expect(rows.rows).toEqual([
        {
          mpxn: "1200000123456",
          meters: [
            { serial_number: "E1", registers: [], smart_device_id: "AA-01" },
            { serial_number: "E2", registers: [] },
          ],
        },
        {
          mpxn: "7200000001",
          meters: [{ serial_number: "G1", registers: [], smart_device_id: "GG-01", units_of_measure: "SCFH" }],
        },
        { mpxn: "1200000654321", meters: [{ serial_number: "E9", registers: [] }] },
      ]);
      // Telemetry finds a meter by device id through the new GIN index's operator.
      const found = await pg.query<{ mpxn: string }>(
        `select mpxn from meter_points where meters @> '[{"smart_device_id": "GG-01"}]'`,
      );
      expect(found.rows).toEqual([{ mpxn: "7200000001" }]);
      // An account user's e-mail is stored trimmed and lower case, once per organisation.
      await expect(
        pg.exec(`insert into account_users (organisation_id, email) values (1, 'Ada@Example.com')`),
      ).rejects.toThrow(/account_users_email_check/);
      await pg.exec(`insert into account_users (organisation_id, email) values (1, 'ada@example.com')`);
      await expect(
        pg.exec(`insert into account_users (organisation_id, email) values (1, 'ada@example.com')`),
      ).rejects.toThrow(/unique/);
    } finally {
      await pg.close();
    }
  }, 120_000);
});
