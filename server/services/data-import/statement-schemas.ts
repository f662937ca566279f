import { z } from "zod";
import { DateString, Text } from "../../lib/validators";
import { AccountRef } from "../account-import/schemas";
import { DocumentPath } from "../documents/locations";
import { ItemList } from "./common";
import { Money } from "./decimals";

export const HistoricalStatementInput = z
  .strictObject({
    bill_period_from_date: DateString,
    bill_period_to_date: DateString,
    statement_id: Text(100),
    issued_date: DateString,
    number: Text(100),
    gross_amount: Money().describe("Pounds, at most two decimal places; echoed as a two-place string."),
    statement_path: DocumentPath.optional().describe("Path of the PDF under the supplier's document root."),
  })
  .refine((s) => s.bill_period_from_date <= s.bill_period_to_date, {
    message: "bill_period_from_date is later than bill_period_to_date.",
    path: ["bill_period_to_date"],
    params: { code: "start_date_later_than_end_date" },
  });
export type HistoricalStatementInput = z.infer<typeof HistoricalStatementInput>;

export const CreateHistoricalStatementsInput = AccountRef.extend({ statements: ItemList(HistoricalStatementInput) }).superRefine((b, ctx) => {
  const seen = new Set<string>();
  b.statements.forEach((s, i) => {
    if (seen.has(s.statement_id)) {
      ctx.addIssue({ code: "custom", path: ["statements", i, "statement_id"], message: `statement_id '${s.statement_id}' appears more than once in this request.`, params: { code: "duplicate_statement_ids" } });
    }
    seen.add(s.statement_id);
  });
});
export type CreateHistoricalStatementsInput = z.infer<typeof CreateHistoricalStatementsInput>;

export const HistoricalStatementResult = z.object({
  bill_period_from_date: z.string(),
  bill_period_to_date: z.string(),
  statement_id: z.string(),
  issued_date: z.string(),
  number: z.string(),
  gross_amount: z.string(),
  statement_path: z.string().optional(),
});
export const CreateHistoricalStatementsResult = z.object({
  import_supplier: z.string(),
  external_account_number: z.string(),
  statements: z.array(HistoricalStatementResult),
});
