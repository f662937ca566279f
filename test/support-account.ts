import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { createTransactions } from "@/server/services/transactions/create-transactions";
import { embeddedLedger, freshMeterIds, fullDomesticAccount } from "./energy-account";
import { uniq } from "./db";
import type { OrgFixture } from "./fixtures";

type Tx = { transaction_id: string; transaction_date: string; type: "CHARGE" | "CREDIT" | "PAYMENT" | "REPAYMENT"; amount: string; reason?: string; payment_type?: string };

/** Posted after import: payments among charges, a refund and a reversed charge, on dates in the open period. */
export const LATER: Omit<Tx, "transaction_id">[] = [
  { transaction_date: "2026-11-06", type: "PAYMENT", amount: "40.00", reason: "ACCOUNT_CHARGE_PAYMENT", payment_type: "DD_REGULAR_COLLECTION" },
  { transaction_date: "2026-11-08", type: "CHARGE", amount: "55.10", reason: "IMPORTED_CHARGE" },
  { transaction_date: "2026-11-08", type: "CHARGE", amount: "-5.10", reason: "IMPORTED_CHARGE" },
  { transaction_date: "2026-11-12", type: "PAYMENT", amount: "60.25", reason: "ACCOUNT_CHARGE_PAYMENT", payment_type: "DEBIT_CARD" },
  { transaction_date: "2026-11-15", type: "REPAYMENT", amount: "7.50", reason: "PARTIAL_CREDIT_REFUND", payment_type: "DIRECT_CREDIT" },
  { transaction_date: "2026-11-18", type: "PAYMENT", amount: "12.34", reason: "GENERAL_CREDIT", payment_type: "CHEQUE" },
];

/**
 * A processed production-shaped account with its embedded ledger (historical statement,
 * historical and current transactions, a note) and LATER posted after, for the support
 * views' tests. Returns the payload and every transaction as posted, for expected values.
 */
export async function makeLedgerAccount(org: OrgFixture, supplierCode: string) {
  const external = uniq("LDG");
  const payload = fullDomesticAccount({ supplier: supplierCode, external, ...freshMeterIds() }, embeddedLedger(external));
  await stageAccount(org.ctx, StageAccountInput.parse(payload));
  const result = await processAccountImport(org.ctx, { import_supplier: supplierCode, external_account_number: external, dry_run: false });
  const later: Tx[] = LATER.map((t, i) => ({ ...t, transaction_id: `${external}-L${i}` }));
  await createTransactions(org.ctx, { import_supplier: supplierCode, external_account_number: external, transactions: later as never }, { check_previously_added: false, force_add_to_current_statement: false } as never);
  const embedded = [...(payload.historical_statement_transactions ?? []), ...(payload.current_statement_transactions ?? [])] as unknown as Tx[];
  return { accountNumber: result.account_number!, external, payload, posted: [...embedded, ...later] };
}

/** Pence as an integer from a decimal amount ("-5.10" is -510), so expected sums are exact. */
export const pence = (v: string | number) => Math.round(Number(v) * 100);

/** The sign convention, restated by the tests: a credit balance is positive. */
export const effectPence = (t: { type: string; amount: string | number }) => (t.type === "CREDIT" || t.type === "PAYMENT" ? pence(t.amount) : -pence(t.amount));
