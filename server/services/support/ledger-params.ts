import type { TransactionType } from "@/db/schema";

/**
 * The ledger's filter as the console's URL carries it (`?tab=ledger&type=PAYMENT,CREDIT&reason=…&from=…&to=…&min=…&max=…`),
 * shared by the ledger tab and its CSV export so a copied link and the export show the same rows.
 */
export type LedgerParams = { type?: string; reason?: string; from?: string; to?: string; min?: string; max?: string };

export const LEDGER_PARAM_NAMES = ["type", "reason", "from", "to", "min", "max"] as const;

export function ledgerFilterFromParams(accountNumber: string, params: URLSearchParams | LedgerParams) {
  const get = (k: keyof LedgerParams) => (params instanceof URLSearchParams ? params.get(k) : params[k]) || undefined;
  // Unknown types are passed on for the server to refuse by name.
  const types = get("type")?.split(",").filter(Boolean) as TransactionType[] | undefined;
  return {
    accountNumber,
    ...(types?.length ? { types } : {}),
    ...(get("reason") ? { reason: get("reason") } : {}),
    ...(get("from") ? { from: get("from") } : {}),
    ...(get("to") ? { to: get("to") } : {}),
    ...(get("min") ? { minAmount: get("min") } : {}),
    ...(get("max") ? { maxAmount: get("max") } : {}),
  };
}
