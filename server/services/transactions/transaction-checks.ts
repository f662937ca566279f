import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { meterPoints, products, type TransactionStatement } from "@/db/schema";
import { addDays } from "../../lib/time";
import type { ImportedAccount } from "../import-bodies/common";
import type { Placement } from "./transaction-rows";
import { type EnergyTransaction, fieldsOf } from "./transaction-schemas";

export type PostOptions = {
  /** "current": the open statement (dates before it moved, or refused); "historical": the initial closed statement. */
  statement: TransactionStatement;
  checkPreviouslyAdded: boolean;
  forceAddToCurrentStatement: boolean;
  /** Where the items sit in the body, for `attr`: ["transactions"] or e.g. ["historical_statement_transactions"]. */
  attrPrefix: (string | number)[];
};

// What decides, under the account lock, whether a transaction not on the account yet can be
// added and where it is posted.

type Refusal = { attr: string; code: string; detail: string };
type AccountFacts = { serials: Set<string>; products: Set<string> };

/** The account's meter serials and the catalogue's products, looked up only when some item names one. */
export async function accountFacts(tx: Db, accountId: number, valid: EnergyTransaction[]): Promise<AccountFacts> {
  const codes = [...new Set(valid.flatMap((t) => (t.type === "SUPPLY_CHARGE" ? [t.product_code] : [])))];
  const [serials, found] = await Promise.all([
    valid.some((t) => t.to_prepay_meter_serial_number) ? meterSerials(tx, accountId) : new Set<string>(),
    codes.length ? tx.select({ code: products.code }).from(products).where(inArray(products.code, codes)) : [],
  ]);
  return { serials, products: new Set(found.map((p) => p.code)) };
}

/** Why a transaction that is not on the account yet cannot be added, or null. */
export function checkAsNew(
  transaction: EnergyTransaction,
  account: ImportedAccount,
  opts: PostOptions,
  known: AccountFacts,
): Refusal | null {
  const t = fieldsOf(transaction);
  if (t.product_code !== undefined && !known.products.has(t.product_code)) {
    return {
      attr: "product_code",
      code: "product_code_does_not_exist",
      detail: `No product '${t.product_code}' in the catalogue.`,
    };
  }
  if (t.to_prepay_meter_serial_number && !known.serials.has(t.to_prepay_meter_serial_number)) {
    return {
      attr: "to_prepay_meter_serial_number",
      code: "prepay_meter_not_found",
      detail: `No meter with serial number '${t.to_prepay_meter_serial_number}' on this account.`,
    };
  }
  const start = account.openStatementPeriodStart;
  if (opts.statement === "historical" && t.transaction_date >= start) {
    return {
      attr: "transaction_date",
      code: "historical_statement_transaction_after_last_statement_closing_date",
      detail: `A historical statement transaction is dated on or before the last statement closing date ${addDays(start, -1)}, not ${t.transaction_date}.`,
    };
  }
  if (opts.statement === "current" && t.transaction_date < start && !opts.forceAddToCurrentStatement) {
    return {
      attr: "transaction_date",
      code: "transaction_outside_open_statement_period",
      detail: `Transaction is not within the statement's (OPEN) period: ${t.transaction_date} is before the period start ${start}.`,
    };
  }
  return null;
}

/** Where a new transaction is posted: its own date, or (current statement) the open period's first day, with why. */
export function place(t: EnergyTransaction, account: ImportedAccount, statement: TransactionStatement): Placement {
  const start = account.openStatementPeriodStart;
  if (statement === "historical" || t.transaction_date >= start)
    return { postedDate: t.transaction_date, description: null };
  return {
    postedDate: start,
    description: `Transaction date moved from ${t.transaction_date} to ${start}: the original date is not within the statement's (OPEN) period, which starts on ${start}.`,
  };
}

async function meterSerials(tx: Db, accountId: number) {
  const rows = await tx
    .select({ serial: sql<string>`coalesce(m->>'serial_number', m->>'meter_serial_number')` })
    .from(sql`${meterPoints}, jsonb_array_elements(${meterPoints.meters}) m`)
    .where(eq(meterPoints.accountId, accountId));
  return new Set(rows.map((r) => r.serial));
}
