import { type FieldError, type ServiceError, fieldError, safeParseReporting, zodFieldErrors } from "../../errors";
import { londonToday } from "../../lib/time";
import { knownStorable, unstorableValueErrors } from "../../rest/exact-json";
import { transactionImportError } from "./transaction-errors";
import { TransactionInput } from "./transaction-schemas";

export type ValidatedTransactions = {
  /** Parsed transactions up to (not including) the first invalid one. */
  valid: TransactionInput[];
  /** The first invalid transaction's error; account-level checks of earlier ones still come first. */
  firstError?: { index: number; error: ServiceError };
};

/**
 * Checks each transaction in request order and stops at the first that fails (the spec
 * reports only that one), with attr paths like `transactions.2.amount`.
 */
export function validateTransactions(items: unknown[], today = londonToday()): ValidatedTransactions {
  const seen = new Set<string>();
  const valid: TransactionInput[] = [];
  // A body parsed clean as a whole needs no walk of each item (exact-json.ts).
  const storable = knownStorable(items);
  for (let i = 0; i < items.length; i++) {
    const checked = checkItem(items[i], i, seen, today, storable);
    if ("errors" in checked) return { valid, firstError: { index: i, error: transactionImportError(items[i], checked.errors) } };
    valid.push(checked.parsed);
  }
  return { valid };
}

function checkItem(raw: unknown, i: number, seen: Set<string>, today: string, storable: boolean): { parsed: TransactionInput } | { errors: FieldError[] } {
  const prefix = ["transactions", i];
  const imprecise = storable ? [] : unstorableValueErrors(raw, prefix);
  if (imprecise.length) return { errors: imprecise };
  const parsed = safeParseReporting(TransactionInput, raw);
  if (!parsed.success) {
    return {
      errors: zodFieldErrors(parsed.error, prefix).map((e) =>
        e.attr === `transactions.${i}.transaction_id` && e.code === "required" ? { ...e, code: "missing_transaction_id", detail: "transaction_id is required." } : e,
      ),
    };
  }
  const t = parsed.data;
  if (seen.has(t.transaction_id)) {
    return { errors: [fieldError([...prefix, "transaction_id"], "duplicate_transaction_ids", `transaction_id '${t.transaction_id}' appears more than once in this request.`)] };
  }
  seen.add(t.transaction_id);
  if (t.transaction_date > today) {
    return { errors: [fieldError([...prefix, "transaction_date"], "transaction_in_future", `The transaction date ${t.transaction_date} is in the future.`)] };
  }
  return { parsed: t };
}
