import { z } from "zod";
import { DateString, pushIssue, Text } from "../../lib/validators";
import { DocumentPath } from "../documents/locations";
import { ACCOUNT_REF, ItemList } from "../import-bodies/common";

/** An amount in pence (minor units): production's integer gross_amount. */
export const Pence = z
  .number()
  .check((payload) => {
    const n = payload.value;
    if (!Number.isInteger(n))
      return pushIssue(
        payload,
        "invalid_integer",
        "A whole number of pence is required (gross_amount is in minor units: 84.30 pounds is 8430).",
      );
    if (Math.abs(n) > Number.MAX_SAFE_INTEGER)
      pushIssue(payload, "max_value", `Must be at most ${Number.MAX_SAFE_INTEGER} in size.`);
  })
  .meta({ type: "integer" });

/** Production's Statement (a historical PDF statement). */
export const Statement = z
  .strictObject({
    bill_period_from_date: DateString,
    bill_period_to_date: DateString.describe("Inclusive; not before bill_period_from_date."),
    statement_id: Text(100).describe("Unique per account (historical_statement_already_exists)."),
    issued_date: DateString.nullable().optional(),
    number: Text(100).optional(),
    gross_amount: Pence.nullable().optional().describe("Integer, in pence: 8430 is 84.30 pounds. Echoed as sent."),
    statement_path: DocumentPath.optional().describe(
      "Path of the PDF under the supplier's document root; the document must exist.",
    ),
  })
  .check((payload) => {
    const s = payload.value;
    if (s.bill_period_from_date > s.bill_period_to_date) {
      pushIssue(payload, "start_date_later_than_end_date", "bill_period_from_date is later than bill_period_to_date.", [
        "bill_period_to_date",
      ]);
    }
  });
export type Statement = z.infer<typeof Statement>;

/** The `attr` of each statement_id repeated in `statements` (after its first), as duplicate_statement_ids. */
export function repeatedStatementIds(statements: { statement_id: string }[]) {
  const seen = new Set<string>();
  return statements.flatMap((s, i) => {
    const repeated = seen.has(s.statement_id);
    seen.add(s.statement_id);
    return repeated
      ? [{ index: i, detail: `statement_id '${s.statement_id}' appears more than once in this request.` }]
      : [];
  });
}

/** Production's HistoricalStatements body. */
export const CreateHistoricalStatementsInput = z
  .strictObject({ ...ACCOUNT_REF, statements: ItemList(Statement) })
  .check((payload) => {
    for (const r of repeatedStatementIds(payload.value.statements))
      pushIssue(payload, "duplicate_statement_ids", r.detail, ["statements", r.index, "statement_id"]);
  });
export type CreateHistoricalStatementsInput = z.infer<typeof CreateHistoricalStatementsInput>;

/** The statements echoed as validated: absent fields stay absent, gross_amount an integer in pence. */
export const CreateHistoricalStatementsResult = z.object({
  import_supplier: z.string(),
  external_account_number: z.string(),
  statements: z.array(
    z.object({
      bill_period_from_date: z.string(),
      bill_period_to_date: z.string(),
      statement_id: z.string(),
      issued_date: z.string().nullable().optional(),
      number: z.string().optional(),
      gross_amount: z.number().int().nullable().optional(),
      statement_path: z.string().optional(),
    }),
  ),
});
