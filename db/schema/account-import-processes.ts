import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { importSuppliers } from "./import-suppliers";

export const IMPORT_PROCESS_STATUSES = ["staged", "imported", "failed"] as const;
export type ImportProcessStatus = (typeof IMPORT_PROCESS_STATUSES)[number];

export type ImportProcessError = { detail: string; code: string; attr: string | null };

/** The meter point identifiers of a staged payload (console search by MPAN/MPRN), as the GIN index below holds them. */
export const STAGED_METER_IDS = sql`jsonb_path_query_array("account_import_processes"."payload", '$.supply_addresses[*].meter_points[*].identifier')`;

export const accountImportProcesses = pgTable(
  "account_import_processes",
  {
    id: serial().primaryKey(),
    supplierId: integer()
      .notNull()
      .references(() => importSuppliers.id),
    externalAccountNumber: text().notNull(),
    status: text({ enum: IMPORT_PROCESS_STATUSES }).notNull().default("staged"),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    errors: jsonb().$type<ImportProcessError[]>().notNull().default([]),
    accountId: integer().references(() => accounts.id),
    // process/'s operations_team_name: the team production would allocate the account to.
    operationsTeamName: text(),
    // POST /v2/data-import/accounts/: set while a scheduled import waits or runs, with its options.
    scheduledAt: timestamp({ withTimezone: true }),
    scheduleDryRun: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique().on(t.supplierId, t.externalAccountNumber),
    index().on(t.supplierId, t.status),
    // The console's account page finds the process that imported an account.
    index().on(t.accountId),
    // The console's import list, newest or last-updated first, keyset-paged per supplier.
    index().on(t.supplierId, t.createdAt, t.id),
    index().on(t.supplierId, t.updatedAt, t.id),
    // Accounts not imported yet, found by a meter point identifier in their payload (find-accounts.ts).
    index("account_import_processes_meter_ids_idx")
      .using("gin", sql`jsonb_path_query_array(${t.payload}, '$.supply_addresses[*].meter_points[*].identifier')`)
      .where(sql`${t.status} <> 'imported'`),
    index("account_import_processes_external_account_number_lower_index").on(sql`lower(${t.externalAccountNumber})`),
    check("account_import_processes_status_check", sql`${t.status} in ('staged', 'imported', 'failed')`),
    check(
      "account_import_processes_imported_check",
      sql`(${t.status} = 'imported') = (${t.accountId} is not null and ${t.importedAt} is not null)`,
    ),
  ],
);
