import { z } from "zod";
import { SUPPLIER_STATUSES } from "@/db/schema";
import { documentRootProblem, isAllowedDocumentLocation, notAllowedMessage } from "../documents/locations";

const missing = (what: string) => ({
  error: (iss: { input?: unknown }) =>
    iss.input === undefined || iss.input === null ? `Enter ${what}.` : `Enter ${what} as text.`,
});

// `abort` stops at the first failed check, so a blank field gets one message, not also the pattern's.
export const SupplierCode = z
  .string(missing("a code"))
  .trim()
  .min(1, { message: "Enter a code.", abort: true })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Use letters, digits, '-' and '_' only (at most 64 characters).");
export const DocumentRoot = z
  .string(missing("a document root"))
  .trim()
  .min(1, { message: "Enter a document root.", abort: true })
  .regex(/^(file|s3):\/\/.+/, { message: "Use an s3://bucket/prefix or file:///path location.", abort: true })
  .superRefine((root, ctx) => {
    const problem = documentRootProblem(root);
    if (problem)
      ctx.addIssue({ code: "custom", message: problem, params: { code: "invalid_document_root" }, continue: false });
  })
  // The server reads documents from this root for the console: only the stores this instance allows.
  .refine(isAllowedDocumentLocation, {
    error: () => notAllowedMessage(),
    params: { code: "document_root_not_allowed" },
  });

/** Blank or null: the name is the code (the console's "Defaults to the code"). */
const SupplierName = z.string().trim().max(200, "At most 200 characters.").nullable().optional();

export const SupplierStatus = z.enum(SUPPLIER_STATUSES);

export const CreateSupplierInput = z.strictObject({
  code: SupplierCode,
  name: SupplierName,
  status: SupplierStatus.default("Ongoing"),
  /** Left out or blank: the organisation's own folder in the platform's document store, changed later (issue 39 item 8). */
  documentRoot: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    DocumentRoot.optional(),
  ),
  sendAutomatedEmails: z.boolean().default(false),
});
export type CreateSupplierInput = z.input<typeof CreateSupplierInput>;

export const UpdateSupplierInput = z.strictObject({
  code: SupplierCode,
  /** Left out: unchanged. Blank or null: reset to the code. */
  name: SupplierName,
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
  Ongoing: "Accounts can be staged and imported again, from the console and by migration scripts.",
  Paused:
    "Migration scripts' staging and import calls for this supplier are refused, and the console's upload and import are switched off, until it is resumed. Use it when more accounts are expected later.",
  Complete: "Staging and importing are refused for good; no more accounts are expected. This cannot be undone.",
};
