import { z } from "zod";
import { TRANSACTION_TYPES } from "@/db/schema";
import { DateString } from "../../lib/validators";
import { AccountNumber } from "../accounts/get-account";
import { CursorInput, PageDirection } from "../../lib/keyset";

const Amount = z
  .string()
  .trim()
  .regex(/^-?\d{1,10}(\.\d{1,10})?$/, "Enter an amount in pounds, e.g. 42.17.");

/** The ledger's filters: what the console keeps in the URL and the CSV export repeats. */
export const LedgerFilter = z
  .strictObject({
    accountNumber: AccountNumber,
    types: z.array(z.enum(TRANSACTION_TYPES)).max(TRANSACTION_TYPES.length).optional(),
    reason: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[^\u0000-\u001f\u007f]*$/, "A reason cannot contain control characters.")
      .optional(),
    from: DateString.optional(),
    to: DateString.optional(),
    /** Bounds on the amount as sent (in pounds, before the sign convention). */
    minAmount: Amount.optional(),
    maxAmount: Amount.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    message: "The start date must not be after the end date.",
    path: ["to"],
  })
  .refine((f) => f.minAmount === undefined || f.maxAmount === undefined || Number(f.minAmount) <= Number(f.maxAmount), {
    message: "The lowest amount must not be above the highest.",
    path: ["maxAmount"],
  });
export type LedgerFilter = z.output<typeof LedgerFilter>;

/** posting: oldest first, as a statement reads; newest: the latest entries first, same balances. */
export const LedgerOrder = z.enum(["posting", "newest"]);
export type LedgerOrder = z.output<typeof LedgerOrder>;

export const GetLedgerInput = z.strictObject({
  filter: LedgerFilter,
  order: LedgerOrder.default("posting"),
  cursor: CursorInput,
  direction: PageDirection,
  limit: z.number().int().min(1).max(500).default(100),
});
export type GetLedgerInput = z.input<typeof GetLedgerInput>;
