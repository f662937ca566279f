import { z } from "zod";

export const SupplierListOutput = z.array(z.object({
  transitions: z.array(z.object({ to: z.enum(["Ongoing", "Paused", "Complete"]), effect: z.string() })),
  counts: z.object({ staged: z.number(), imported: z.number(), failed: z.number() }),
  id: z.number(),
  organisationId: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(["Ongoing", "Paused", "Complete"]),
  documentRoot: z.string(),
  documentRootId: z.number().nullable(),
  sendAutomatedEmails: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
}));

export const SupplierGetOutput = z.object({
  transitions: z.array(z.object({ to: z.enum(["Ongoing", "Paused", "Complete"]), effect: z.string() })),
  counts: z.object({ staged: z.number(), imported: z.number(), failed: z.number() }),
  id: z.number(),
  organisationId: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(["Ongoing", "Paused", "Complete"]),
  documentRoot: z.string(),
  documentRootId: z.number().nullable(),
  sendAutomatedEmails: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const SupplierCreateOutput = z.object({
  code: z.string(),
  name: z.string(),
  status: z.enum(["Ongoing", "Paused", "Complete"]),
  documentRoot: z.string(),
  sendAutomatedEmails: z.boolean(),
  id: z.number(),
  createdAt: z.date(),
  organisationId: z.number(),
  documentRootId: z.number().nullable(),
  updatedAt: z.date(),
});

export const SupplierUpdateOutput = z.object({
  id: z.number(),
  organisationId: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.enum(["Ongoing", "Paused", "Complete"]),
  documentRoot: z.string(),
  documentRootId: z.number().nullable(),
  sendAutomatedEmails: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const SupplierSetStatusOutput = z.object({
  code: z.string(),
  name: z.string(),
  status: z.enum(["Ongoing", "Paused", "Complete"]),
  documentRoot: z.string(),
  sendAutomatedEmails: z.boolean(),
  id: z.number(),
  createdAt: z.date(),
  organisationId: z.number(),
  documentRootId: z.number().nullable(),
  updatedAt: z.date(),
});

export const SupplierAuditOutput = z.object({
  items: z.array(z.object({
    id: z.number(),
    actor: z.string(),
    action: z.string(),
    entityType: z.string(),
    entityId: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.date(),
  })),
  nextCursor: z.string().nullable(),
});
