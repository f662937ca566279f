import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

export const TRANSACTION_TYPES = ["CHARGE", "CREDIT", "PAYMENT", "REPAYMENT", "SUPPLY_CHARGE"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Line and tax items keep every number as its exact decimal string (and `params` as sent). */
export type StoredItem = Record<string, unknown>;

/** Which statement a transaction is on: the open one, or the initial closed one of an imported account. */
export const TRANSACTION_STATEMENTS = ["current", "historical"] as const;
export type TransactionStatement = (typeof TRANSACTION_STATEMENTS)[number];

// One row per imported ledger transaction. transaction_date is the posted date; when
// force_add_to_current_statement moved it, original_transaction_date keeps the sent one
// and description says why. Amounts are signed (a negative charge or credit is a reversal)
// with production's ten decimal places.
export const transactions = pgTable(
  "transactions",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    transactionId: text().notNull(),
    type: text({ enum: TRANSACTION_TYPES }).notNull(),
    reason: text(),
    amount: numeric({ precision: 20, scale: 10 }).notNull(),
    transactionDate: date({ mode: "string" }).notNull(),
    originalTransactionDate: date({ mode: "string" }).notNull(),
    description: text(),
    statementPeriodStart: date({ mode: "string" }).notNull(),
    statement: text({ enum: TRANSACTION_STATEMENTS }).notNull().default("current"),
    displayNote: text(),
    note: text(),
    reference: text(),
    paymentType: text(),
    toPrepayMeterSerialNumber: text(),
    billingDocumentIdentifier: text(),
    productCode: text(),
    supplyPointIdentifier: text(),
    lineItems: jsonb().$type<StoredItem[]>(),
    taxItems: jsonb().$type<StoredItem[]>(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("transactions_account_transaction_id_key").on(t.accountId, t.transactionId),
    index().on(t.accountId, t.transactionDate),
    check("transactions_type_check", sql`${t.type} in ('CHARGE', 'CREDIT', 'PAYMENT', 'REPAYMENT', 'SUPPLY_CHARGE')`),
    check("transactions_statement_check", sql`${t.statement} in ('current', 'historical')`),
    check(
      "transactions_supply_charge_check",
      sql`(${t.type} = 'SUPPLY_CHARGE') = (${t.productCode} is not null and ${t.lineItems} is not null)`,
    ),
    check("transactions_payment_type_check", sql`${t.paymentType} is null or ${t.type} in ('PAYMENT', 'REPAYMENT')`),
    check(
      "transactions_moved_check",
      sql`${t.transactionDate} >= ${t.originalTransactionDate} and (${t.transactionDate} = ${t.originalTransactionDate}) = (${t.description} is null)`,
    ),
  ],
);
