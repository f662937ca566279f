import { contractRoute } from "@/server/rest/handler";
import { createTransactionsRoute } from "@/server/rest/contracts/data-import";
import { parseBody } from "@/server/services/import-bodies/common";
import { createTransactions } from "@/server/services/transactions/create-transactions";
import { readJsonBody } from "@/server/rest/body";
import { CreateTransactionsEnvelope } from "@/server/services/transactions/transaction-schemas";
import { otherMethods } from "@/server/rest/methods";

export const POST = contractRoute(createTransactionsRoute, {
  writer: true,
  compress: false,
  handle: async ({ ctx, req, query }) => {
    const raw = await readJsonBody(req);
    const { transactions, ...ref } = raw;
    // The envelope (the contract body without its items) is checked here; each transaction is checked (in order) by the service.
    const envelope = parseBody(CreateTransactionsEnvelope, { ...ref, transactions: Array.isArray(transactions) ? transactions.map(() => null) : transactions });
    // A dry run creates nothing: 200 with the results it would have given.
    return { status: envelope.dry_run ? 200 : 201, body: await createTransactions(ctx, { ...envelope, transactions: transactions as unknown[] }, query) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
