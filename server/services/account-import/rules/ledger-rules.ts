import Decimal from "decimal.js";
import { NUMERIC } from "@/db/limits";
import { ADDS_TO_BALANCE } from "../../support/ledger-sign";
import { accountLedger, flatLedgerFieldsGiven } from "../payload/account-ledger";
import type { EnergyAccount } from "../payload/energy-account";
import { Findings, repeatIndexes } from "./paths";

/**
 * The day the last closed statement ends: the ledger's last_statement_closing_date (in
 * `ledgers[0]`, or the deprecated flat field) or else last_billed_to_date. The open statement
 * period starts the day after it.
 */
export const lastClosedDate = (
  a: Pick<EnergyAccount, "ledgers" | "last_statement_closing_date" | "last_billed_to_date">,
) =>
  (a.ledgers?.[0] ? a.ledgers[0].last_statement_closing_date : a.last_statement_closing_date) ??
  a.last_billed_to_date ??
  null;

type Dated = {
  transaction_id: string;
  transaction_date: string;
  type: string;
  amount: string | number;
  billing_document_identifier?: string;
};

/** What the transactions do to the balance, credit positive (ledger-sign.ts), exactly. */
export const balanceEffect = (transactions: readonly Dated[]) =>
  transactions.reduce((sum, t) => {
    const amount = new Decimal(String(t.amount).trim());
    return (ADDS_TO_BALANCE as readonly string[]).includes(t.type) ? sum.plus(amount) : sum.minus(amount);
  }, new Decimal(0));

const dec = (v: string | number) => new Decimal(String(v).trim());
const MAX_BALANCE = new Decimal(10).pow(NUMERIC.balance.digits);

/**
 * The balance the account carries over beyond what its import posts: for a ledger that gives
 * ledger_balance (production's balance after its transactions), that balance less the
 * transactions; otherwise transfer_balance, the ledger's opening balance (ADR 0409, 0110).
 */
export function carriedOverBalance(
  a: Parameters<typeof accountLedger>[0] & Pick<EnergyAccount, "transfer_balance">,
): Decimal | null {
  const ledger = accountLedger(a);
  if (ledger.ledgerBalance !== undefined)
    return dec(ledger.ledgerBalance).minus(balanceEffect([...ledger.historical, ...ledger.current] as Dated[]));
  return a.transfer_balance === undefined ? null : dec(a.transfer_balance);
}

/** The account's ledger (ledgers[0] or the flat fields) against its statement dates and balances, and the statements. */
export function ledgerRules(a: EnergyAccount, today: string): Findings {
  const f = new Findings();
  ledgerEntries(a, f);
  const ledger = accountLedger(a);
  const at = (...rest: (string | number)[]) => [...ledger.path, ...rest];
  const historical = ledger.historical as Dated[];
  const current = ledger.current as Dated[];
  const all = [
    ...historical.map((t, i) => ({ t, path: at("historical_statement_transactions", i) })),
    ...current.map((t, i) => ({ t, path: at("current_statement_transactions", i) })),
  ];
  for (const r of repeatIndexes(all, (x) => x.t.transaction_id)) {
    f.add(
      [...all[r.index].path, "transaction_id"],
      "duplicate_transaction_ids",
      `transaction_id '${all[r.index].t.transaction_id}' is also at ${all[r.first].path.join(".")}.`,
    );
  }
  const closed = lastClosedDate(a);
  if (historical.length && closed === null) {
    f.add(
      at("historical_statement_transactions"),
      "historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date",
      "Historical statement transactions need last_billed_to_date or last_statement_closing_date.",
    );
  }
  if (ledger.issueDate && ledger.closingDate && ledger.issueDate < ledger.closingDate) {
    f.add(
      at("last_statement_issue_date"),
      "last_statement_issued_before_closing_date",
      "The last statement cannot be issued before it closes.",
    );
  }
  // The initial closed statement's transactions make up its balance (the account starts here).
  const historicalSum = balanceEffect(historical);
  if (historical.length && ledger.lastStatementBalance != null && !historicalSum.eq(dec(ledger.lastStatementBalance))) {
    f.add(
      at("historical_statement_transactions"),
      "historical_statement_transactions_balance_mismatch",
      `They come to ${historicalSum.toFixed(2)} (credit positive), but last_statement_balance is ${ledger.lastStatementBalance}.`,
    );
  }
  // The ledger's balance is its last statement's plus what the open statement holds.
  if (ledger.ledgerBalance !== undefined) {
    const opening = ledger.lastStatementBalance != null ? dec(ledger.lastStatementBalance) : historicalSum;
    const expected = opening.plus(balanceEffect(current));
    if (!expected.eq(dec(ledger.ledgerBalance))) {
      f.add(
        at("ledger_balance"),
        "balance_mismatch_on_transfer_balance",
        `The last statement's balance (${opening.toFixed(2)}) and the current statement transactions come to ${expected.toFixed(2)} (credit positive), but ledger_balance is ${ledger.ledgerBalance}.`,
      );
    }
  }
  const carried = carriedOverBalance(a);
  if (ledger.ledgerBalance && carried?.abs().gte(MAX_BALANCE)) {
    f.add(
      at("ledger_balance"),
      "max_value",
      `ledger_balance less the imported transactions (${carried.toFixed()}) is more than a balance holds (${NUMERIC.balance.digits} digits).`,
    );
  }
  historical.forEach((t, i) => {
    if (closed !== null && t.transaction_date > closed) {
      f.add(
        at("historical_statement_transactions", i, "transaction_date"),
        "historical_statement_transaction_after_last_statement_closing_date",
        `The last statement closed on ${closed}.`,
      );
    }
  });
  current.forEach((t, i) => {
    if (closed !== null && t.transaction_date <= closed) {
      f.add(
        at("current_statement_transactions", i, "transaction_date"),
        "current_statement_transaction_before_current_statement_opening_date",
        `The open statement period starts after ${closed}.`,
      );
    }
    if (t.billing_document_identifier !== undefined) {
      f.add(
        at("current_statement_transactions", i, "billing_document_identifier"),
        "billing_document_identifier_not_allowed_for_current_statement_transactions",
        "Only historical statement transactions carry a billing document.",
      );
    }
  });
  const statements = a.statements ?? [];
  for (const r of repeatIndexes(statements, (s) => s.statement_id)) {
    f.add(
      ["statements", r.index, "statement_id"],
      "duplicate_statement_ids",
      `statement_id '${statements[r.index].statement_id}' is given twice.`,
    );
  }
  statements.forEach((s, i) => {
    if (s.bill_period_to_date > today)
      f.add(
        ["statements", i, "bill_period_to_date"],
        "historical_statement_period_end_in_future",
        "A historical statement's period has ended.",
      );
  });
  return f;
}

/**
 * `ledgers` itself: one ledger per account (given once, in `ledgers` or the deprecated flat
 * fields), codes and identifiers unique, identifiers among the account's supply points, and
 * the ledgers' balances adding up to transfer_balance.
 */
function ledgerEntries(a: EnergyAccount, f: Findings) {
  const ledgers = a.ledgers ?? [];
  if (!ledgers.length) return;
  for (const field of flatLedgerFieldsGiven(a)) {
    f.add(
      [field],
      "ledgers_and_deprecated_ledger_fields_provided",
      `The account's ledger is given in ledgers; send ${field} as ledgers.0.${field}, not both.`,
    );
  }
  const codes = repeatIndexes(ledgers, (l) => l.ledger_code ?? "");
  const identifiers = repeatIndexes(ledgers, (l) => l.ledger_identifier);
  const repeated = new Set([...codes, ...identifiers].map((r) => r.index));
  for (const r of codes)
    f.add(
      ["ledgers", r.index, "ledger_code"],
      "duplicate_ledger_entries_found",
      `ledgers.${r.first} is already the ${ledgers[r.index].ledger_code ? `'${ledgers[r.index].ledger_code}'` : "main"} ledger.`,
    );
  for (const r of identifiers)
    f.add(
      ["ledgers", r.index, "ledger_identifier"],
      "duplicate_identifiers_entries_found",
      `ledgers.${r.first} already has ledger_identifier '${ledgers[r.index].ledger_identifier}'.`,
    );
  ledgers.forEach((_l, i) => {
    if (i > 0 && !repeated.has(i))
      f.add(
        ["ledgers", i],
        "multiple_ledgers_not_supported",
        "An account has one ledger on this platform: give it as the only entry of ledgers.",
      );
  });
  const points = new Set((a.supply_addresses ?? []).flatMap((s) => s.meter_points.map((p) => p.identifier)));
  ledgers.forEach((l, i) => {
    if (l.ledger_identifier !== undefined && !points.has(l.ledger_identifier)) {
      f.add(
        ["ledgers", i, "ledger_identifier"],
        "unknown_ledger_identifiers",
        `'${l.ledger_identifier}' is none of the account's supply point identifiers.`,
      );
    }
  });
  const balances = ledgers.filter((l) => l.ledger_balance !== undefined);
  if (a.transfer_balance !== undefined && balances.length) {
    const sum = balances.reduce((s, l) => s.plus(dec(l.ledger_balance!)), new Decimal(0));
    if (!sum.eq(dec(a.transfer_balance))) {
      f.add(
        ["transfer_balance"],
        "ledger_balances_not_equal_to_transfer_balance",
        `The ledgers' ledger_balance come to ${sum.toFixed(2)}, but transfer_balance is ${a.transfer_balance}.`,
      );
    }
  }
}
