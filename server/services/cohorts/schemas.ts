import { z } from "zod";
import { INT4 } from "@/db/limits";
import { RECONCILIATION_CHECKS } from "@/db/schema";
import { SupplierCode } from "../suppliers/schemas";

const noControl = /^[^\p{Cc}]*$/u;
export const CohortId = z.number().int().min(1).max(INT4.max);
export const CohortName = z
  .string()
  .trim()
  .min(1, "Enter a name.")
  .max(100, "At most 100 characters.")
  .regex(noControl, "A name may not contain control characters.");
const IsoDate = z.iso.date("Use a date as YYYY-MM-DD.");
const Notes = z.string().trim().max(4000, "At most 4,000 characters.");

export const CreateCohortInput = z.strictObject({
  importSupplier: SupplierCode,
  name: CohortName,
  plannedCutoverDate: IsoDate.nullable().optional(),
  notes: Notes.nullable().optional(),
});
export type CreateCohortInput = z.input<typeof CreateCohortInput>;

export const UpdateCohortInput = z.strictObject({
  id: CohortId,
  name: CohortName.optional(),
  plannedCutoverDate: IsoDate.nullable().optional(),
  notes: Notes.nullable().optional(),
});
export type UpdateCohortInput = z.input<typeof UpdateCohortInput>;

/** The data-import API's optional cohort header (ADR 0416): a cohort's name, as the console shows it. */
export const CohortHeaderValue = z
  .string()
  .max(100)
  .describe(
    "This platform's addition, optional: the name of a cohort of the payload's `import_supplier` that the staged account joins (ADR 0416). Unknown, signed off, or the account in another cohort: 400, nothing staged.",
  );

export const CohortIdInput = z.strictObject({ id: CohortId });
export type CohortIdInput = z.input<typeof CohortIdInput>;

export const ListCohortsInput = z.strictObject({ importSupplier: SupplierCode.optional() });
export type ListCohortsInput = z.input<typeof ListCohortsInput>;

/** A supplier's external account number, as staging takes it. */
export const ExternalNumber = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(noControl, "An account number may not contain control characters.");

/** Pasted or uploaded: one external account number a line (commas, spaces and semicolons also separate), at most 100,000 at a time. */
export const AddMembersInput = z.strictObject({ id: CohortId, accounts: z.string().max(5_000_000) });
export type AddMembersInput = z.input<typeof AddMembersInput>;

export const RemoveMembersInput = z.strictObject({
  id: CohortId,
  externalAccountNumbers: z.array(ExternalNumber).min(1).max(1000),
});
export type RemoveMembersInput = z.input<typeof RemoveMembersInput>;

export const ListMembersInput = z.strictObject({
  id: CohortId,
  state: z.enum(["all", "imported", "not_imported"]).default("all"),
  after: z.string().max(200).default(""),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListMembersInput = z.input<typeof ListMembersInput>;

export const ReconciliationCheckName = z.enum(["presence", ...RECONCILIATION_CHECKS]);

export const ListResultsInput = z.strictObject({
  id: CohortId,
  check: ReconciliationCheckName.optional(),
  state: z.enum(["open", "accepted", "all_mismatches", "match"]).default("open"),
  q: z.string().trim().max(200).optional(),
  after: z.string().max(420).default(""),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListResultsInput = z.input<typeof ListResultsInput>;

const Reason = z.string().trim().min(3, "Say why in at least 3 characters.").max(1000, "At most 1,000 characters.");

/** Accepts the open mismatches named, or every open one of a check (or of all checks) when none are named. */
export const AcceptMismatchesInput = z.strictObject({
  id: CohortId,
  reason: Reason,
  check: ReconciliationCheckName.optional(),
  items: z
    .array(z.strictObject({ externalAccountNumber: ExternalNumber, check: ReconciliationCheckName }))
    .max(1000)
    .optional(),
});
export type AcceptMismatchesInput = z.input<typeof AcceptMismatchesInput>;
