import { z } from "zod";
import { SUPPLIER_STATUSES } from "@/db/schema";

export const SupplierCode = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, "Letters, digits, '-' and '_' only (at most 64).");
export const DocumentRoot = z
  .string()
  .trim()
  .regex(/^(file|s3):\/\/.+/, "A file:// or s3:// location.");

export const SupplierStatus = z.enum(SUPPLIER_STATUSES);

export const CreateSupplierInput = z.strictObject({
  code: SupplierCode,
  name: z.string().trim().min(1).max(200).optional(),
  status: SupplierStatus.default("Ongoing"),
  documentRoot: DocumentRoot,
  sendAutomatedEmails: z.boolean().default(false),
});
export type CreateSupplierInput = z.input<typeof CreateSupplierInput>;

export const UpdateSupplierInput = z.strictObject({
  code: SupplierCode,
  name: z.string().trim().min(1).max(200).optional(),
  documentRoot: DocumentRoot.optional(),
  sendAutomatedEmails: z.boolean().optional(),
});
export type UpdateSupplierInput = z.input<typeof UpdateSupplierInput>;

export const SetSupplierStatusInput = z.strictObject({ code: SupplierCode, status: SupplierStatus });
export type SetSupplierStatusInput = z.input<typeof SetSupplierStatusInput>;

/** Ongoing ⇄ Paused, either → Complete; Complete is final. */
export const STATUS_TRANSITIONS: Record<z.infer<typeof SupplierStatus>, readonly z.infer<typeof SupplierStatus>[]> = {
  Ongoing: ["Paused", "Complete"],
  Paused: ["Ongoing", "Complete"],
  Complete: [],
};

export const STATUS_EFFECTS: Record<z.infer<typeof SupplierStatus>, string> = {
  Ongoing: "Accounts can be staged and imported again.",
  Paused: "Staging and importing are refused with import_supplier_migration_not_ongoing until it is resumed; more accounts are expected later.",
  Complete: "Staging and importing are refused for good; no more accounts are expected. This cannot be undone.",
};
