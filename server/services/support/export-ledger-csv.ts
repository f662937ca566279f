import { type Ctx, organisationOf } from "../../context";
import { findOwnAccount } from "../accounts/find-own-account";
import { moneyText } from "../../lib/money";
import { entryOf, ledgerRows } from "./get-ledger";
import { LedgerFilter } from "./ledger-input";
import { parseOrThrow } from "../../errors";

/** The most rows one export holds (an account's whole ledger in practice). */
export const LEDGER_CSV_MAX_ROWS = 100_000;

export const LEDGER_CSV_HEADER = [
  "date",
  "transaction_id",
  "type",
  "reason",
  "payment_type",
  "statement",
  "amount",
  "effect_on_balance",
  "balance_after",
];

/** Text cells quoted when needed; a leading formula character in text is defused for spreadsheets (amounts are numbers). */
const text = (v: string | null) => {
  const s = v ?? "";
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * What the ledger shows for a filter, as CSV: every matching entry in posting order with its
 * effect and the balance after it (credit positive, ledger-sign.ts), headed by the opening balance.
 */
export async function exportLedgerCsv(ctx: Ctx, raw: unknown): Promise<{ filename: string; body: string }> {
  const organisationId = organisationOf(ctx);
  // A bad filter in the export's URL is a 400 at its field, as the ledger tab's own (issue 37 item 5).
  const filter = parseOrThrow(LedgerFilter, raw, "invalid", "The ledger filter is not valid.");
  const { account } = await findOwnAccount(ctx.db, organisationId, filter.accountNumber);
  const opening = account.transferBalance ?? "0";
  const rows = (await ledgerRows(ctx.db, account.id, opening, filter, undefined, LEDGER_CSV_MAX_ROWS)).map(entryOf);
  const lines = [
    LEDGER_CSV_HEADER.join(","),
    ["", "", "OPENING_BALANCE", "transfer_balance", "", "", "", "", moneyText(opening)].join(","),
    ...rows.map((r) =>
      [
        r.date,
        text(r.transactionId),
        r.type,
        text(r.reason),
        text(r.paymentType),
        r.statement,
        r.amount,
        r.effect,
        r.balance,
      ].join(","),
    ),
  ];
  return { filename: `${account.number}-ledger.csv`, body: `${lines.join("\r\n")}\r\n` };
}
