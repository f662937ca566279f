import { contractRoute } from "../handler";
import {
  createHistoricalStatementsRoute,
  createNotesRoute,
  createPaymentInstructionRoute,
  createTransactionsRoute,
  sendRegistrationFlowsRoute,
} from "../contracts/data-import";
import { parseBody } from "@/server/services/import-bodies/common";
import { createHistoricalStatements } from "@/server/services/statements/create-historical-statements";
import { createNotes } from "@/server/services/notes/create-notes";
import { createPaymentInstruction } from "@/server/services/payments/create-payment-instruction";
import { instructionErrorFields } from "@/server/services/payments/payment-errors";
import { sendRegistrationFlows } from "@/server/services/registration/send-registration-flows";
import { createTransactions } from "@/server/services/transactions/create-transactions";
import { CreateTransactionsEnvelope } from "@/server/services/transactions/transaction-schemas";

// The post-import writes parse their bodies with parseBody: a failure's top-level code is its first field error's.

export const createNotesHandler = contractRoute(createNotesRoute, {
  writer: true,
  compress: false,
  body: createNotesRoute.body,
  parse: parseBody,
  handle: async ({ ctx, body }) => ({ status: 201, body: await createNotes(ctx, body) }),
});

export const createHistoricalStatementsHandler = contractRoute(createHistoricalStatementsRoute, {
  writer: true,
  compress: false,
  body: createHistoricalStatementsRoute.body,
  parse: parseBody,
  handle: async ({ ctx, body }) => ({ status: 201, body: await createHistoricalStatements(ctx, body) }),
});

export const createPaymentInstructionHandler = contractRoute(createPaymentInstructionRoute, {
  writer: true,
  compress: false,
  body: createPaymentInstructionRoute.body,
  parse: parseBody,
  mapError: instructionErrorFields,
  handle: async ({ ctx, body }) => {
    const { created: _created, ...result } = await createPaymentInstruction(ctx, body);
    return { status: 201, body: result };
  },
});

export const createTransactionsHandler = contractRoute(createTransactionsRoute, {
  writer: true,
  compress: false,
  body: createTransactionsRoute.body,
  // The envelope (the contract body without its items) is checked here; each transaction is checked (in order) by the service.
  parse: (_schema, raw) => {
    const { transactions, ...ref } = raw;
    const envelope = parseBody(CreateTransactionsEnvelope, {
      ...ref,
      transactions: Array.isArray(transactions) ? transactions.map(() => null) : transactions,
    });
    return { ...envelope, transactions } as never;
  },
  handle: async ({ ctx, body, query }) =>
    // A dry run creates nothing: 200 with the results it would have given.
    ({
      status: body.dry_run ? 200 : 201,
      body: await createTransactions(ctx, { ...body, transactions: body.transactions as unknown[] }, query),
    }),
});

export const sendRegistrationFlowsHandler = contractRoute(sendRegistrationFlowsRoute, {
  writer: true,
  handle: async ({ ctx, params, query }) => {
    const path = parseBody(sendRegistrationFlowsRoute.params, params);
    return {
      status: 200,
      body: await sendRegistrationFlows(ctx, { ...path, supply_start_date: query.supply_start_date }),
    };
  },
});
