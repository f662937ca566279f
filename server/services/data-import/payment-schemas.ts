import { z } from "zod";
import { Text } from "../../lib/validators";
import { AccountRef } from "../account-import/schemas";
import { PAYMENT_VENDORS, vendorByName } from "../payment-vendors/verify";

export const CreatePaymentInstructionInput = AccountRef.extend({
  vendor: z.enum(PAYMENT_VENDORS.map((v) => v.name) as [string, ...string[]]).describe("STRIPE (card processor) or GOCARDLESS (direct-debit bureau)."),
  reference: Text(255).describe("The vendor's id: a payment method (pm_...) for STRIPE, a mandate (MD...) for GOCARDLESS."),
  type: Text(50).describe("CARD for STRIPE, DIRECT_DEBIT for GOCARDLESS."),
}).superRefine((b, ctx) => {
  const vendor = vendorByName(b.vendor);
  if (!vendor) return;
  if (!vendor.types.includes(b.type)) {
    ctx.addIssue({ code: "custom", path: ["type"], message: `${vendor.name} instructions have type ${vendor.types.join(" or ")}.`, params: { code: "invalid_payment_instruction_type" } });
  }
  if (!vendor.referencePattern.test(b.reference)) {
    ctx.addIssue({ code: "custom", path: ["reference"], message: `Expected ${vendor.referenceHint}.`, params: { code: "invalid_payment_instruction_reference" } });
  }
});
export type CreatePaymentInstructionInput = z.infer<typeof CreatePaymentInstructionInput>;

export const CreatePaymentInstructionResult = z.object({ platform_account_number: z.string(), reference: z.string() });
export const ActiveInstructionError = z.object({
  error_detail: z.string(),
  external_account_number: z.string(),
  import_supplier: z.string(),
  reference: z.string(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.unknown()),
});
