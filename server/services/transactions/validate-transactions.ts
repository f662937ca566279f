import { type FieldError, type ServiceError, fieldError, safeParseReporting, zodFieldErrors } from "../../errors";
import { londonToday } from "../../lib/time";
import { knownStorable, unstorableValueErrors } from "../../lib/exact-json";
import { transactionImportError } from "./transaction-errors";
import { EnergyTransaction } from "./transaction-schemas";

export type ValidatedTransactions = {
  /** Parsed transactions up to (not including) the first invalid one. */
  valid: EnergyTransaction[];
  /** The first invalid transaction's error; account-level checks of earlier ones still come first. */
  firstError?: { index: number; error: ServiceError };
};

/**
 * Checks each transaction in request order and stops at the first that fails (the spec
 * reports only that one), with attr paths like `transactions.2.amount`.
 */
export function validateTransactions(
  items: unknown[],
  today = londonToday(),
  attrPrefix: (string | number)[] = ["transactions"],
): ValidatedTransactions {
  const seen = new Set<string>();
  const valid: EnergyTransaction[] = [];
  // A body parsed clean as a whole needs no walk of each item (exact-json.ts).
  const storable = knownStorable(items);
  for (let i = 0; i < items.length; i++) {
    const checked = checkItem(items[i], [...attrPrefix, i], seen, today, storable);
    if ("errors" in checked)
      return { valid, firstError: { index: i, error: transactionImportError(items[i], checked.errors) } };
    valid.push(checked.parsed);
  }
  return { valid };
}

function checkItem(
  raw: unknown,
  prefix: (string | number)[],
  seen: Set<string>,
  today: string,
  storable: boolean,
): { parsed: EnergyTransaction } | { errors: FieldError[] } {
  const imprecise = storable ? [] : unstorableValueErrors(raw, prefix);
  if (imprecise.length) return { errors: imprecise };
  const parsed = safeParseReporting(EnergyTransaction, raw);
  if (!parsed.success) {
    const idAttr = [...prefix, "transaction_id"].join(".");
    return {
      errors: zodFieldErrors(parsed.error, prefix).map((e) =>
        e.attr === idAttr && e.code === "required"
          ? { ...e, code: "missing_transaction_id", detail: "transaction_id is required." }
          : e,
      ),
    };
  }
  return checkParsed(parsed.data, prefix, seen, today);
}

/** The rules across a request's transactions (repeated ids) and against today, for a transaction its schema passed. */
export function checkParsed(
  t: EnergyTransaction,
  prefix: (string | number)[],
  seen: Set<string>,
  today: string,
): { parsed: EnergyTransaction } | { errors: FieldError[] } {
  if (seen.has(t.transaction_id)) {
    return {
      errors: [
        fieldError(
          [...prefix, "transaction_id"],
          "duplicate_transaction_ids",
          `transaction_id '${t.transaction_id}' appears more than once in this request.`,
        ),
      ],
    };
  }
  seen.add(t.transaction_id);
  if (t.transaction_date > today) {
    return {
      errors: [
        fieldError(
          [...prefix, "transaction_date"],
          "transaction_in_future",
          `The transaction date ${t.transaction_date} is in the future.`,
        ),
      ],
    };
  }
  return { parsed: t };
}
