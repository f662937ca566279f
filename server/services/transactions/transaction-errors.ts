import { type FieldError, ServiceError } from "../../errors";
import { decimalString, moneyText } from "../../lib/money";
import { isDecimalText } from "./decimals";
import { ImpreciseNumber } from "../../lib/exact-json";

const MONEY_KEYS = new Set(["amount", "net_amount", "value_taxed"]);

function numberString(key: string | undefined, n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return key && MONEY_KEYS.has(key) ? moneyText(n) : decimalString(n);
}

/** The transaction as submitted, every number as a decimal string (amounts, sent either way, with at least two places). */
export function renderTransactionData(raw: unknown, key?: string): unknown {
  if (typeof raw === "number") return numberString(key, raw);
  if (typeof raw === "string" && key && MONEY_KEYS.has(key) && isDecimalText(raw) && raw.length < 100)
    return moneyText(raw);
  if (raw instanceof ImpreciseNumber) return raw.source;
  if (Array.isArray(raw)) return raw.map((v) => renderTransactionData(v, key));
  if (raw && typeof raw === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(raw)) {
      const v = renderTransactionData((raw as Record<string, unknown>)[k], k);
      // A "__proto__" key sent in JSON is data: keep it as an own property, not a prototype.
      if (k === "__proto__")
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
      else out[k] = v;
    }
    return out;
  }
  return raw;
}

/** 400 {status: TRANSACTION_IMPORT_ERROR, error_detail, transaction_data} plus the usual detail/code/errors. */
export function transactionImportError(raw: unknown, errors: FieldError[]) {
  const first = errors[0];
  const detail = first.attr ? `${first.attr}: ${first.detail}` : first.detail;
  return new ServiceError("validation", first.code, detail, {
    errors,
    body: {
      status: "TRANSACTION_IMPORT_ERROR",
      error_detail: detail,
      transaction_data: renderTransactionData(raw),
      detail,
      code: first.code,
      errors,
    },
  });
}
