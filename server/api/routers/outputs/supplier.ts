import { z } from "zod";
import { AuditPage } from "./audit";

const SupplierStatus = z.enum(["Ongoing", "Paused", "Complete"]);

/** A supplier's row as the services return it. */
const SupplierRow = z.object({
  id: z.number(),
  organisationId: z.number(),
  code: z.string(),
  name: z.string(),
  status: SupplierStatus,
  documentRoot: z.string(),
  documentRootId: z.number().nullable(),
  sendAutomatedEmails: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/** With the status changes it may take and its account counts (list and detail). */
const SupplierView = SupplierRow.extend({
  transitions: z.array(z.object({ to: SupplierStatus, effect: z.string() })),
  // server/services/suppliers/supplier-counts.ts: failed = failedImport + failedStaging.
  counts: z.object({
    staged: z.number(),
    imported: z.number(),
    failed: z.number(),
    failedImport: z.number(),
    failedStaging: z.number(),
    waiting: z.number(),
  }),
});

export const SupplierListOutput = z.array(SupplierView);
export const SupplierGetOutput = SupplierView;
export const SupplierCreateOutput = SupplierRow;
export const SupplierUpdateOutput = SupplierRow;
export const SupplierSetStatusOutput = SupplierRow;
export const SupplierAuditOutput = AuditPage;
