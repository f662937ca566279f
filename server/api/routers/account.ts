import { getAccountRecords, AccountRecordsInput } from "@/server/services/accounts/account-records";
import { findAccounts, FindAccountsInput } from "@/server/services/accounts/find-accounts";
import { getAccount, GetAccountInput } from "@/server/services/accounts/get-account";
import { listAccountNotes, ListAccountNotesInput } from "@/server/services/notes/list-account-notes";
import { listAccountTransactions, ListAccountTransactionsInput } from "@/server/services/transactions/list-account-transactions";
import { createTRPCRouter, protectedProcedure } from "../trpc";

export const accountRouter = createTRPCRouter({
  find: protectedProcedure.input(FindAccountsInput).query(({ ctx, input }) => findAccounts(ctx.svc, input)),
  get: protectedProcedure.input(GetAccountInput).query(({ ctx, input }) => getAccount(ctx.svc, input)),
  notes: protectedProcedure.input(ListAccountNotesInput).query(({ ctx, input }) => listAccountNotes(ctx.svc, input)),
  transactions: protectedProcedure.input(ListAccountTransactionsInput).query(({ ctx, input }) => listAccountTransactions(ctx.svc, input)),
  records: protectedProcedure.input(AccountRecordsInput).query(({ ctx, input }) => getAccountRecords(ctx.svc, input)),
});
