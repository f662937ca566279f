import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const TRANSACTION_TYPES = ["CHARGE", "CREDIT", "PAYMENT", "REPAYMENT", "SUPPLY_CHARGE"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Line and tax items keep every number as the exact decimal string that was sent. */
export type StoredItem = Record<string, string | string[]>;

// One row per imported ledger transaction. transaction_date is the posted date; when
// force_add_to_current_statement moved it, original_transaction_date keeps the sent one
// and description says why.
export const transactions = pgTable(
  "transactions",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    accountId: integer().notNull().references(() => accounts.id, { onDelete: "cascade" }),
    transactionId: text().notNull(),
    type: text({ enum: TRANSACTION_TYPES }).notNull(),
    reason: text(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    transactionDate: date({ mode: "string" }).notNull(),
    originalTransactionDate: date({ mode: "string" }).notNull(),
    description: text(),
    statementPeriodStart: date({ mode: "string" }).notNull(),
    displayNote: text(),
    note: text(),
    reference: text(),
    paymentType: text(),
    toPrepayMeterSerialNumber: text(),
    productCode: text(),
    lineItems: jsonb().$type<StoredItem[]>(),
    taxItems: jsonb().$type<StoredItem[]>(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("transactions_account_transaction_id_key").on(t.accountId, t.transactionId),
    index().on(t.accountId, t.transactionDate),
    check("transactions_type_check", sql`${t.type} in ('CHARGE', 'CREDIT', 'PAYMENT', 'REPAYMENT', 'SUPPLY_CHARGE')`),
    check("transactions_amount_check", sql`${t.amount} >= 0`),
    check("transactions_supply_charge_check", sql`(${t.type} = 'SUPPLY_CHARGE') = (${t.productCode} is not null and ${t.lineItems} is not null)`),
    check("transactions_payment_type_check", sql`(${t.type} in ('PAYMENT', 'REPAYMENT')) = (${t.paymentType} is not null)`),
    check(
      "transactions_moved_check",
      sql`${t.transactionDate} >= ${t.originalTransactionDate} and (${t.transactionDate} = ${t.originalTransactionDate}) = (${t.description} is null)`,
    ),
  ],
);
