import { z } from "zod";
import { DateString, pushIssue, Text } from "../../lib/validators";
import { BOTTOMLINE_VENDORS } from "../payment-vendors/direct-debit-bureau";
import { vendorByName } from "../payment-vendors/verify";
import { ACCOUNT_REF } from "../import-bodies/common";

export const PAYMENT_INSTRUCTION_VENDORS = ["STRIPE", ...BOTTOMLINE_VENDORS] as const;
export const PAYMENT_INSTRUCTION_TYPES = [
  "BPAY",
  "CARD",
  "CUSTOM",
  "DIRECT_DEBIT",
  "GMO_REFUND",
  "PAYMENT_SLIP",
] as const;

/** Production's LegacyPaymentInstruction body. */
export const CreatePaymentInstructionInput = z
  .strictObject({
    ...ACCOUNT_REF,
    vendor: z
      .enum(PAYMENT_INSTRUCTION_VENDORS)
      .describe("STRIPE (card processor) or a BOTTOMLINE_* direct-debit bureau."),
    type: z
      .enum(PAYMENT_INSTRUCTION_TYPES)
      .describe(
        "CARD for STRIPE, DIRECT_DEBIT for the BOTTOMLINE_* vendors; the other types are no vendor's here (invalid_payment_instruction_type).",
      ),
    reference: Text(512)
      .optional()
      .describe(
        "The vendor's id: a payment method (pm_...) for STRIPE, the mandate reference for BOTTOMLINE_*. Exactly one of reference and instruction_reference.",
      ),
    instruction_reference: Text(128).optional().describe("Deprecated name of reference."),
    ledger_code: Text(100).optional(),
    use_for_scheduled_payments: z.boolean().nullable().optional(),
    valid_from: DateString.nullable().optional(),
  })
  .check((payload) => {
    const b = payload.value;
    const given = [b.reference, b.instruction_reference].filter((r) => r !== undefined);
    if (given.length !== 1) {
      const detail = given.length
        ? "Give reference or instruction_reference, not both."
        : "Give reference (or the deprecated instruction_reference).";
      pushIssue(payload, "mutually_exclusive_field_required", detail, [
        given.length ? "instruction_reference" : "reference",
      ]);
    }
    const vendor = vendorByName(b.vendor);
    if (!vendor) return;
    if (!vendor.types.includes(b.type))
      pushIssue(
        payload,
        "invalid_payment_instruction_type",
        `${vendor.name} instructions have type ${vendor.types.join(" or ")}.`,
        ["type"],
      );
    const reference = given[0];
    if (reference !== undefined && !vendor.referencePattern.test(reference)) {
      pushIssue(payload, "invalid_payment_instruction_reference", `Expected ${vendor.referenceHint}.`, [
        b.reference !== undefined ? "reference" : "instruction_reference",
      ]);
    }
  });
export type CreatePaymentInstructionInput = z.infer<typeof CreatePaymentInstructionInput>;

/** The instruction's reference, whichever name it was sent under. */
export const instructionReference = (input: CreatePaymentInstructionInput) =>
  (input.reference ?? input.instruction_reference)!;

/** Production's CreatePaymentInstructionResponse, with the contract's platform_account_number (all the platform number but reference). */
export const CreatePaymentInstructionResult = z.object({
  account_number: z.string(),
  kraken_account_number: z.string(),
  reference: z.string(),
  platform_account_number: z.string(),
});
export type CreatePaymentInstructionResult = z.infer<typeof CreatePaymentInstructionResult>;

/** Every 400 and 500 of the route: production's CreatePaymentInstructionError fields beside the contract's. */
export const CreatePaymentInstructionError = z.object({
  error_detail: z.string(),
  external_account_number: z.string().nullable(),
  import_supplier: z.string().nullable(),
  reference: z.string().nullable(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ detail: z.string(), code: z.string(), attr: z.string().nullable() })),
});
