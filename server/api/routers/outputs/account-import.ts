import { z } from "zod";
import { PayloadNode } from "./payload-node";

export const AccountImportListOutput = z.object({
  total: z.number(),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.number(),
      externalAccountNumber: z.string(),
      status: z.enum(["staged", "imported", "failed"]),
      accountNumber: z.string().nullable(),
      billingName: z.string().nullable(),
      errors: z.array(z.object({ detail: z.string(), code: z.string(), attr: z.string().nullable() })),
      createdAt: z.date(),
      updatedAt: z.date(),
      importedAt: z.date().nullable(),
    }),
  ),
});

export const AccountImportGetOutput = z.object({
  importSupplier: z.string(),
  supplierStatus: z.enum(["Ongoing", "Paused", "Complete"]),
  externalAccountNumber: z.string(),
  status: z.enum(["staged", "imported", "failed"]),
  accountNumber: z.string().nullable(),
  errors: z.array(z.object({ detail: z.string(), code: z.string(), attr: z.string().nullable() })),
  operationsTeamName: z.string().nullable(),
  payload: z.looseObject({ import_supplier: z.string() }),
  tree: PayloadNode,
  createdAt: z.date(),
  updatedAt: z.date(),
  importedAt: z.date().nullable(),
  history: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      version: z.string(),
      occurredAt: z.date(),
      payload: z.record(z.string(), z.unknown()),
    }),
  ),
  /** Set when no import process exists: the import job row that failed before staging. */
  failedIn: z
    .object({ jobId: z.number(), line: z.number(), fileName: z.string(), step: z.string().nullable() })
    .nullable(),
});

export const AccountImportActivityOutput = z.array(
  z.object({ day: z.string(), staged: z.number(), imported: z.number(), failed: z.number() }),
);
