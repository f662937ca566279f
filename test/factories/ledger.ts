import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { createHistoricalStatements } from "@/server/services/statements/create-historical-statements";
import { createNotes } from "@/server/services/notes/create-notes";
import { createTransactions } from "@/server/services/transactions/create-transactions";
import { CreateNotesInput } from "@/server/services/notes/note-schemas";
import { CreateHistoricalStatementsInput } from "@/server/services/statements/statement-schemas";
import { embeddedLedger, freshMeterIds, fullDomesticAccount } from "./energy-account";
import type { OrgFixture } from "./organisation";
import { uniq } from "./unique";

type Tx = {
  transaction_id: string;
  transaction_date: string;
  type: "CHARGE" | "CREDIT" | "PAYMENT" | "REPAYMENT";
  amount: string;
  reason?: string;
  payment_type?: string;
};

/** Posted after import: payments among charges, a refund and a reversed charge, on dates in the open period. */
export const LATER: Omit<Tx, "transaction_id">[] = [
  {
    transaction_date: "2026-11-06",
    type: "PAYMENT",
    amount: "40.00",
    reason: "ACCOUNT_CHARGE_PAYMENT",
    payment_type: "DD_REGULAR_COLLECTION",
  },
  { transaction_date: "2026-11-08", type: "CHARGE", amount: "55.10", reason: "IMPORTED_CHARGE" },
  { transaction_date: "2026-11-08", type: "CHARGE", amount: "-5.10", reason: "IMPORTED_CHARGE" },
  {
    transaction_date: "2026-11-12",
    type: "PAYMENT",
    amount: "60.25",
    reason: "ACCOUNT_CHARGE_PAYMENT",
    payment_type: "DEBIT_CARD",
  },
  {
    transaction_date: "2026-11-15",
    type: "REPAYMENT",
    amount: "7.50",
    reason: "PARTIAL_CREDIT_REFUND",
    payment_type: "DIRECT_CREDIT",
  },
  {
    transaction_date: "2026-11-18",
    type: "PAYMENT",
    amount: "12.34",
    reason: "GENERAL_CREDIT",
    payment_type: "CHEQUE",
  },
];

/** An imported account's keys, as the data-import endpoints take them. */
export type AccountRef = { importSupplier: string; externalAccountNumber: string };
const keyOf = (a: AccountRef) => ({
  import_supplier: a.importSupplier,
  external_account_number: a.externalAccountNumber,
});

/** Posts transactions (default: one charge) through POST transactions/create/'s verb; `flags` as its query. */
export async function makeTransactions(
  org: OrgFixture,
  account: AccountRef,
  transactions?: Record<string, unknown>[],
  flags: { check_previously_added?: boolean; force_add_to_current_statement?: boolean } = {},
) {
  const items = transactions ?? [
    {
      transaction_id: uniq("TX"),
      transaction_date: "2026-11-05",
      type: "CHARGE",
      amount: "12.50",
      reason: "IMPORTED_CHARGE",
    },
  ];
  return createTransactions(
    org.ctx,
    { ...keyOf(account), transactions: items },
    { check_previously_added: true, force_add_to_current_statement: true, ...flags },
  );
}

/** Adds notes (default: one unpinned note) through POST notes/create/'s verb. */
export async function makeNotes(org: OrgFixture, account: AccountRef, notes?: Record<string, unknown>[]) {
  return createNotes(
    org.ctx,
    CreateNotesInput.parse({
      ...keyOf(account),
      notes: notes ?? [{ body: "Customer asked for paper bills.", created_at: "2026-11-02T09:30:00Z" }],
    }),
  );
}

/** Adds historical statements (default: one, without a PDF) through POST historical-statements/create/'s verb. */
export async function makeStatements(org: OrgFixture, account: AccountRef, statements?: Record<string, unknown>[]) {
  const items = statements ?? [
    {
      statement_id: uniq("ST"),
      bill_period_from_date: "2026-08-01",
      bill_period_to_date: "2026-08-31",
      issued_date: "2026-09-02",
      gross_amount: 4210,
    },
  ];
  return createHistoricalStatements(
    org.ctx,
    CreateHistoricalStatementsInput.parse({ ...keyOf(account), statements: items }),
  );
}

/**
 * A processed production-shaped account with its embedded ledger (historical statement,
 * historical and current transactions, a note) and LATER posted after, for the support
 * views' tests. Returns the payload and every transaction as posted, for expected values.
 */
export async function makeLedgerAccount(org: OrgFixture, supplierCode: string) {
  const external = uniq("LDG");
  const payload = fullDomesticAccount(
    { supplier: supplierCode, external, ...freshMeterIds() },
    embeddedLedger(external),
  );
  await stageAccount(org.ctx, StageAccountInput.parse(payload));
  const result = await processAccountImport(org.ctx, {
    import_supplier: supplierCode,
    external_account_number: external,
    dry_run: false,
  });
  const later: Tx[] = LATER.map((t, i) => ({ ...t, transaction_id: `${external}-L${i}` }));
  await createTransactions(
    org.ctx,
    { import_supplier: supplierCode, external_account_number: external, transactions: later as never },
    { check_previously_added: false, force_add_to_current_statement: false } as never,
  );
  const embedded = [
    ...(payload.historical_statement_transactions ?? []),
    ...(payload.current_statement_transactions ?? []),
  ] as unknown as Tx[];
  return { accountNumber: result.account_number!, external, payload, posted: [...embedded, ...later] };
}

/** Pence as an integer from a decimal amount ("-5.10" is -510), so expected sums are exact. */
export const pence = (v: string | number) => Math.round(Number(v) * 100);

/** The sign convention, restated by the tests: a credit balance is positive. */
export const effectPence = (t: { type: string; amount: string | number }) =>
  t.type === "CREDIT" || t.type === "PAYMENT" ? pence(t.amount) : -pence(t.amount);
