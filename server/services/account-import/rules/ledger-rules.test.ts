import { describe, expect, it } from "vitest";
import { found, parsed, TODAY } from "@/test/rule-findings";
import type { EnergyAccount } from "../payload/energy-account";
import { carriedOverBalance, lastClosedDate, ledgerRules } from "./ledger-rules";

/** A charge valid under the transactions endpoint's schema (the account payload embeds the same one). */
const charge = (id: string, date: string) => ({
  transaction_id: id,
  transaction_date: date,
  type: "CHARGE",
  reason: "IMPORTED_CHARGE",
  amount: 10,
});
const statement = (id: string, from: string, to: string) => ({
  statement_id: id,
  bill_period_from_date: from,
  bill_period_to_date: to,
  issued_date: to,
  number: `S-${id}`,
  gross_amount: 8430,
});

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
    expect(lastClosedDate({ last_statement_closing_date: "2026-09-30", last_billed_to_date: "2026-10-31" })).toBe(
      "2026-09-30",
    );
    expect(lastClosedDate({ last_billed_to_date: "2026-10-31" })).toBe("2026-10-31");
    expect(lastClosedDate({})).toBeNull();
  });

  it("duplicate_transaction_ids across historical and current transactions", () => {
    expect(run(withLedger((a) => (a.current_statement_transactions[1].transaction_id = "H1")))).toEqual([
      ["duplicate_transaction_ids", "current_statement_transactions.1.transaction_id"],
    ]);
    expect(run(withLedger((a) => (a.historical_statement_transactions[1].transaction_id = "H1")))).toEqual([
      ["duplicate_transaction_ids", "historical_statement_transactions.1.transaction_id"],
    ]);
  });

  it("historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date", () => {
    expect(run(withLedger((a) => delete a.last_statement_closing_date && delete a.last_statement_issue_date))).toEqual([
      [
        "historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date",
        "historical_statement_transactions",
      ],
    ]);
  });

  it("historical_statement_transactions_balance_mismatch: the initial statement's transactions come to last_statement_balance, credit positive", () => {
    const pay = (id: string, amount: number) => ({
      transaction_id: id,
      transaction_date: "2026-09-20",
      type: "PAYMENT",
      amount,
    });
    // 10 + 10 charged, 12.35 paid, 0.1 + 0.2 credited: -7.35 exactly, not -7.349999...
    const mixed = (balance: string | undefined) =>
      withLedger((a) => {
        a.historical_statement_transactions.push(
          pay("P1", 12.35),
          { ...pay("K1", 0.1), type: "CREDIT", reason: "IMPORTED_CREDIT" },
          { ...pay("K2", 0.2), type: "CREDIT", reason: "IMPORTED_CREDIT" },
        );
        a.last_statement_balance = balance;
      });
    expect(run(mixed("-7.35"))).toEqual([]);
    expect(run(mixed("-7.3500"))).toEqual([]);
    expect(run(mixed("7.35"))).toEqual([
      ["historical_statement_transactions_balance_mismatch", "historical_statement_transactions"],
    ]);
    expect(run(mixed("-7.34"))).toEqual([
      ["historical_statement_transactions_balance_mismatch", "historical_statement_transactions"],
    ]);
    // A repayment takes from the balance; a negative charge reverses one.
    expect(
      run(
        withLedger(
          (a) => (
            (a.historical_statement_transactions = [
              { ...pay("R1", 5), type: "REPAYMENT" },
              charge("H1", "2026-09-01"),
              { ...charge("H2", "2026-09-02"), amount: -10 },
            ]),
            (a.last_statement_balance = "-5")
          ),
        ),
      ),
    ).toEqual([]);
    // Nothing to compare: no balance stated, or no historical transactions.
    expect(run(mixed(undefined))).toEqual([]);
    expect(
      run(withLedger((a) => ((a.historical_statement_transactions = []), (a.last_statement_balance = "12.00")))),
    ).toEqual([]);
  });

  it("historical_statement_transaction_after_last_statement_closing_date", () => {
    expect(run(withLedger((a) => (a.historical_statement_transactions[0].transaction_date = "2026-10-01")))).toEqual([
      [
        "historical_statement_transaction_after_last_statement_closing_date",
        "historical_statement_transactions.0.transaction_date",
      ],
    ]);
  });

  it("current_statement_transaction_before_current_statement_opening_date: on or before the closing date; last_billed_to_date counts when no closing date is given", () => {
    expect(run(withLedger((a) => (a.current_statement_transactions[0].transaction_date = "2026-09-30")))).toEqual([
      [
        "current_statement_transaction_before_current_statement_opening_date",
        "current_statement_transactions.0.transaction_date",
      ],
    ]);
    const billedTo = withLedger((a) => {
      delete a.last_statement_closing_date;
      delete a.last_statement_issue_date;
      a.last_billed_to_date = "2026-10-31";
      a.historical_statement_transactions = [];
    });
    expect(run(billedTo)).toEqual([
      [
        "current_statement_transaction_before_current_statement_opening_date",
        "current_statement_transactions.0.transaction_date",
      ],
    ]);
  });

  it("billing_document_identifier_not_allowed_for_current_statement_transactions", () => {
    const a = withLedger();
    (a.current_statement_transactions![0] as Record<string, unknown>).billing_document_identifier = "BILL-1";
    (a.historical_statement_transactions![0] as Record<string, unknown>).billing_document_identifier = "BILL-0";
    expect(run(a)).toEqual([
      [
        "billing_document_identifier_not_allowed_for_current_statement_transactions",
        "current_statement_transactions.0.billing_document_identifier",
      ],
    ]);
  });

  it("last_statement_issued_before_closing_date", () => {
    expect(run(withLedger((a) => (a.last_statement_issue_date = "2026-09-29")))).toEqual([
      ["last_statement_issued_before_closing_date", "last_statement_issue_date"],
    ]);
  });

  it("duplicate_statement_ids", () => {
    expect(run(withLedger((a) => (a.statements[1].statement_id = "S1")))).toEqual([
      ["duplicate_statement_ids", "statements.1.statement_id"],
    ]);
  });

  it("historical_statement_period_end_in_future", () => {
    expect(run(withLedger((a) => a.statements.push(statement("S3", "2026-11-01", "2026-11-30"))))).toEqual([
      ["historical_statement_period_end_in_future", "statements.2.bill_period_to_date"],
    ]);
    expect(run(withLedger((a) => a.statements.push(statement("S3", "2026-11-01", TODAY))))).toEqual([]);
  });
});

/** The same account with its ledger in production's `ledgers[0]` instead of the deprecated flat fields. */
const inLedgers = (edit: (a: any) => void = () => {}) =>
  parsed("no-supply", (a) => {
    const flat = withLedgerFields(a);
    a.ledgers = [{ ...flat, ledger_balance: "-40.00" }];
    edit(a);
  });
function withLedgerFields(a: any) {
  const ledger = {
    historical_statement_transactions: [charge("H1", "2026-09-01"), charge("H2", "2026-09-30")],
    last_statement_balance: "-20.00",
    current_statement_transactions: [charge("C1", "2026-10-01"), charge("C2", TODAY)],
    last_statement_closing_date: a.last_statement_closing_date,
    last_statement_issue_date: a.last_statement_issue_date,
  };
  for (const k of ["last_statement_closing_date", "last_statement_issue_date", "last_statement_balance"]) delete a[k];
  a.transfer_balance = "-40.00";
  return ledger;
}

describe("ledgerRules on ledgers[]", () => {
  it("applies every rule of the flat fields to ledgers[0], at its own attr", () => {
    expect(run(inLedgers())).toEqual([]);
    expect(lastClosedDate(inLedgers())).toBe("2026-09-30");
    expect(run(inLedgers((a) => (a.ledgers[0].current_statement_transactions[1].transaction_id = "H1")))).toEqual([
      ["duplicate_transaction_ids", "ledgers.0.current_statement_transactions.1.transaction_id"],
    ]);
    expect(
      run(inLedgers((a) => (a.ledgers[0].historical_statement_transactions[0].transaction_date = "2026-10-01"))),
    ).toEqual([
      [
        "historical_statement_transaction_after_last_statement_closing_date",
        "ledgers.0.historical_statement_transactions.0.transaction_date",
      ],
    ]);
    expect(
      run(inLedgers((a) => (a.ledgers[0].current_statement_transactions[0].transaction_date = "2026-09-30"))),
    ).toEqual([
      [
        "current_statement_transaction_before_current_statement_opening_date",
        "ledgers.0.current_statement_transactions.0.transaction_date",
      ],
    ]);
    expect(
      run(
        inLedgers(
          (a) => (
            (a.ledgers[0].last_statement_balance = "-10.00"),
            (a.ledgers[0].ledger_balance = "-30.00"),
            (a.transfer_balance = "-30.00")
          ),
        ),
      ),
    ).toEqual([["historical_statement_transactions_balance_mismatch", "ledgers.0.historical_statement_transactions"]]);
    expect(run(inLedgers((a) => (a.ledgers[0].last_statement_issue_date = "2026-09-29")))).toEqual([
      ["last_statement_issued_before_closing_date", "ledgers.0.last_statement_issue_date"],
    ]);
    expect(
      run(
        inLedgers(
          (a) => (
            (a.ledgers[0].last_statement_closing_date = undefined), (a.ledgers[0].last_statement_issue_date = undefined)
          ),
        ),
      ),
    ).toEqual([
      [
        "historical_statement_transactions_without_last_statement_closing_date_or_last_billed_to_date",
        "ledgers.0.historical_statement_transactions",
      ],
    ]);
  });

  it("balance_mismatch_on_transfer_balance: ledger_balance is last_statement_balance (else the historical transactions) plus the current ones", () => {
    expect(run(inLedgers((a) => ((a.ledgers[0].ledger_balance = "-39.99"), (a.transfer_balance = "-39.99"))))).toEqual([
      ["balance_mismatch_on_transfer_balance", "ledgers.0.ledger_balance"],
    ]);
    expect(run(inLedgers((a) => delete a.ledgers[0].last_statement_balance))).toEqual([]);
    expect(
      run(
        inLedgers(
          (a) => (
            (a.ledgers[0].historical_statement_transactions = []),
            (a.ledgers[0].last_statement_balance = "5"),
            (a.ledgers[0].ledger_balance = "-15"),
            (a.transfer_balance = "-15")
          ),
        ),
      ),
    ).toEqual([]);
  });

  it("ledger_balances_not_equal_to_transfer_balance", () => {
    expect(run(inLedgers((a) => (a.transfer_balance = "-41")))).toEqual([
      ["ledger_balances_not_equal_to_transfer_balance", "transfer_balance"],
    ]);
    expect(run(inLedgers((a) => delete a.transfer_balance))).toEqual([]);
  });

  it("ledgers_and_deprecated_ledger_fields_provided: the ledger given in both forms, at each flat field", () => {
    expect(run(inLedgers((a) => (a.last_statement_closing_date = "2026-09-30")))).toEqual([
      ["ledgers_and_deprecated_ledger_fields_provided", "last_statement_closing_date"],
    ]);
    expect(run(inLedgers((a) => ((a.current_statement_transactions = []), (a.last_statement_balance = "0"))))).toEqual([
      ["ledgers_and_deprecated_ledger_fields_provided", "current_statement_transactions"],
      ["ledgers_and_deprecated_ledger_fields_provided", "last_statement_balance"],
    ]);
  });

  it("one ledger per account: duplicate_ledger_entries_found, duplicate_identifiers_entries_found, multiple_ledgers_not_supported, unknown_ledger_identifiers", () => {
    expect(run(inLedgers((a) => a.ledgers.push({})))).toEqual([
      ["duplicate_ledger_entries_found", "ledgers.1.ledger_code"],
    ]);
    expect(run(inLedgers((a) => a.ledgers.push({ ledger_code: "DEPOSIT" })))).toEqual([
      ["multiple_ledgers_not_supported", "ledgers.1"],
    ]);
    expect(run(inLedgers((a) => (a.ledgers[0].ledger_identifier = "1200060176720")))).toEqual([
      ["unknown_ledger_identifiers", "ledgers.0.ledger_identifier"],
    ]);
    const domestic = parsed(
      "domestic",
      (a) =>
        (a.ledgers = [
          { ledger_identifier: a.supply_addresses[0].meter_points[0].identifier },
          { ledger_code: "X", ledger_identifier: a.supply_addresses[0].meter_points[0].identifier },
        ]),
    );
    expect(run(domestic)).toEqual([["duplicate_identifiers_entries_found", "ledgers.1.ledger_identifier"]]);
  });

  it("carries over what ledger_balance holds beyond the transactions posted; transfer_balance without it", () => {
    expect(carriedOverBalance(inLedgers())!.toFixed(2)).toBe("0.00");
    expect(
      carriedOverBalance(
        inLedgers(
          (a) => (
            (a.ledgers[0].historical_statement_transactions = []),
            (a.ledgers[0].last_statement_balance = "5"),
            (a.ledgers[0].ledger_balance = "-15")
          ),
        ),
      )!.toFixed(2),
    ).toBe("5.00");
    expect(carriedOverBalance(withLedger((a) => (a.transfer_balance = "-12.34")))!.toFixed(2)).toBe("-12.34");
  });
});
