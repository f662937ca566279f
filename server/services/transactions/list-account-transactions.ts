import { and, count, desc, eq, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { transactions } from "@/db/schema";
import { type Ctx, organisationOf } from "../../context";
import { findOwnAccount } from "../accounts/find-own-account";
import { AccountNumber } from "../accounts/get-account";
import { CursorInput, decodeCursor, encodeCursor, PageDirection } from "../../lib/keyset";
import { trimAmount } from "../../lib/money";

export const ListAccountTransactionsInput = z.strictObject({
  accountNumber: AccountNumber,
  cursor: CursorInput,
  direction: PageDirection,
  limit: z.number().int().min(1).max(200).default(100),
});
export type ListAccountTransactionsInput = z.input<typeof ListAccountTransactionsInput>;

/** One account's transactions, newest date first, keyset-paged so an account with any number of them pages in constant time. */
export async function listAccountTransactions(ctx: Ctx, raw: ListAccountTransactionsInput) {
  const organisationId = organisationOf(ctx);
  const input = ListAccountTransactionsInput.parse(raw);
  const { account } = await findOwnAccount(ctx.db, organisationId, input.accountNumber);
  const cursor = decodeCursor(input.cursor);
  const where: SQL[] = [eq(transactions.accountId, account.id)];
  if (cursor?.v) {
    where.push(
      or(
        lt(transactions.transactionDate, cursor.v),
        and(eq(transactions.transactionDate, cursor.v), lt(transactions.id, cursor.id)),
      )!,
    );
  }
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        id: transactions.id,
        transactionId: transactions.transactionId,
        type: transactions.type,
        reason: transactions.reason,
        amount: transactions.amount,
        transactionDate: transactions.transactionDate,
        originalTransactionDate: transactions.originalTransactionDate,
        description: transactions.description,
        paymentType: transactions.paymentType,
        reference: transactions.reference,
        displayNote: transactions.displayNote,
        note: transactions.note,
        productCode: transactions.productCode,
        statement: transactions.statement,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(and(...where))
      .orderBy(desc(transactions.transactionDate), desc(transactions.id))
      .limit(input.limit + 1),
    ctx.db.select({ total: count() }).from(transactions).where(eq(transactions.accountId, account.id)),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    total,
    items: page.map((t) => ({
      ...t,
      amount: trimAmount(t.amount),
      dateMoved: t.transactionDate !== t.originalTransactionDate,
    })),
    nextCursor: rows.length > input.limit && last ? encodeCursor({ v: last.transactionDate, id: last.id }) : null,
  };
}
