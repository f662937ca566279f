import { describe, expect, it } from "vitest";
import { found, parsed, TODAY } from "@/test/rule-findings";
import type { EnergyAccount } from "../payload/energy-account";
import { lastClosedDate, ledgerRules } from "./ledger-rules";

/** A charge valid under the transactions endpoint's schema (the account payload embeds the same one). */
const charge = (id: string, date: string) => ({ transaction_id: id, transaction_date: date, type: "CHARGE", reason: "IMPORTED_CHARGE", amount: 10 });
const statement = (id: string, from: string, to: string) => ({ statement_id: id, bill_period_from_date: from, bill_period_to_date: to, issued_date: to, number: `S-${id}`, gross_amount: 8430 });

/** The account without supply (last statement closed 2026-09-30), with a history and a current period. */
const withLedger = (edit: (a: any) => void = () => {}) =>
  parsed("no-supply", (a) => {
    a.historical_statement_transactions = [charge("H1", "2026-09-01"), charge("H2", "2026-09-30")];
    a.last_statement_balance = "-20.00"; // two charges of 10: the customer owes 20
    a.current_statement_transactions = [charge("C1", "2026-10-01"), charge("C2", TODAY)];
    a.statements = [statement("S1", "2026-08-01", "2026-08-31"), statement("S2", "2026-09-01", "2026-09-30")];
    edit(a);
  });
const run = (a: EnergyAccount) => found(ledgerRules(a, TODAY));

describe("ledgerRules", () => {
  it("passes transactions on both sides of the last closed statement, and statements that have ended", () => {
    expect(run(withLedger())).toEqual([]);
    expect(run(parsed("domestic"))).toEqual([]);
  });

  it("the last closed statement ends on last_statement_closing_date, else last_billed_to_date", () => {
    expect(lastClosedDate({ last_statement_closing_date: "2026-09-30", last_billed_to_date: "2026-10-31" })).toBe("2026-09-30");
    expect(lastClosedDate({ last_billed_to_date: "2026-10-31" })).toBe("2026-10-31");
    expect(lastClosedDate({})).toBeNull();
  });

  it("duplicate_transaction_ids across historical and current transactions", () => {
    expect(run(withLedger((a) => (a.current_statement_transactions[1].transaction_id = "H1")))).toEqual([["duplicate_transaction_ids", "current_statement_transactions.1.transaction_id"]]);
    expect(run(withLedger((a) => (a.historical_statement_transactions[1].transaction_id = "H1")))).toEqual([["duplicate_transaction_ids", "historical_statement_transactions.1.transaction_id"]]);
  });

  it("historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date", () => {
    expect(run(withLedger((a) => delete a.last_statement_closing_date && delete a.last_statement_issue_date))).toEqual([
      ["historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date", "historical_statement_transactions"],
    ]);
  });

  it("historical_statement_transactions_balance_mismatch: the initial statement's transactions come to last_statement_balance, credit positive", () => {
    const pay = (id: string, amount: number) => ({ transaction_id: id, transaction_date: "2026-09-20", type: "PAYMENT", amount });
    // 10 + 10 charged, 12.35 paid, 0.1 + 0.2 credited: -7.35 exactly, not -7.349999...
    const mixed = (balance: string | undefined) =>
      withLedger((a) => {
        a.historical_statement_transactions.push(pay("P1", 12.35), { ...pay("K1", 0.1), type: "CREDIT", reason: "IMPORTED_CREDIT" }, { ...pay("K2", 0.2), type: "CREDIT", reason: "IMPORTED_CREDIT" });
        a.last_statement_balance = balance;
      });
    expect(run(mixed("-7.35"))).toEqual([]);
    expect(run(mixed("-7.3500"))).toEqual([]);
    expect(run(mixed("7.35"))).toEqual([["historical_statement_transactions_balance_mismatch", "historical_statement_transactions"]]);
    expect(run(mixed("-7.34"))).toEqual([["historical_statement_transactions_balance_mismatch", "historical_statement_transactions"]]);
    // A repayment takes from the balance; a negative charge reverses one.
    expect(run(withLedger((a) => (a.historical_statement_transactions = [{ ...pay("R1", 5), type: "REPAYMENT" }, charge("H1", "2026-09-01"), { ...charge("H2", "2026-09-02"), amount: -10 }], a.last_statement_balance = "-5")))).toEqual([]);
    // Nothing to compare: no balance stated, or no historical transactions.
    expect(run(mixed(undefined))).toEqual([]);
    expect(run(withLedger((a) => ((a.historical_statement_transactions = []), (a.last_statement_balance = "12.00"))))).toEqual([]);
  });

  it("historical_statement_transaction_after_last_statement_closing_date", () => {
    expect(run(withLedger((a) => (a.historical_statement_transactions[0].transaction_date = "2026-10-01")))).toEqual([
      ["historical_statement_transaction_after_last_statement_closing_date", "historical_statement_transactions.0.transaction_date"],
    ]);
  });

  it("current_statement_transaction_before_current_statement_opening_date: on or before the closing date; last_billed_to_date counts when no closing date is given", () => {
    expect(run(withLedger((a) => (a.current_statement_transactions[0].transaction_date = "2026-09-30")))).toEqual([
      ["current_statement_transaction_before_current_statement_opening_date", "current_statement_transactions.0.transaction_date"],
    ]);
    const billedTo = withLedger((a) => {
      delete a.last_statement_closing_date;
      delete a.last_statement_issue_date;
      a.last_billed_to_date = "2026-10-31";
      a.historical_statement_transactions = [];
    });
    expect(run(billedTo)).toEqual([["current_statement_transaction_before_current_statement_opening_date", "current_statement_transactions.0.transaction_date"]]);
  });

  it("billing_document_identifier_not_allowed_for_current_statement_transactions", () => {
    const a = withLedger();
    (a.current_statement_transactions![0] as Record<string, unknown>).billing_document_identifier = "BILL-1";
    (a.historical_statement_transactions![0] as Record<string, unknown>).billing_document_identifier = "BILL-0";
    expect(run(a)).toEqual([["billing_document_identifier_not_allowed_for_current_statement_transactions", "current_statement_transactions.0.billing_document_identifier"]]);
  });

  it("duplicate_statement_ids", () => {
    expect(run(withLedger((a) => (a.statements[1].statement_id = "S1")))).toEqual([["duplicate_statement_ids", "statements.1.statement_id"]]);
  });

  it("historical_statement_period_end_in_future", () => {
    expect(run(withLedger((a) => a.statements.push(statement("S3", "2026-11-01", "2026-11-30"))))).toEqual([["historical_statement_period_end_in_future", "statements.2.bill_period_to_date"]]);
    expect(run(withLedger((a) => a.statements.push(statement("S3", "2026-11-01", TODAY))))).toEqual([]);
  });
});
