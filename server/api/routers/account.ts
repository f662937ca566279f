import { getAccountRecords, AccountRecordsInput } from "@/server/services/accounts/account-records";
import { findAccounts, FindAccountsInput } from "@/server/services/accounts/find-accounts";
import { getAccount, GetAccountInput } from "@/server/services/accounts/get-account";
import { listAccountNotes, ListAccountNotesInput } from "@/server/services/notes/list-account-notes";
import {
  listAccountTransactions,
  ListAccountTransactionsInput,
} from "@/server/services/transactions/list-account-transactions";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import {
  AccountFindOutput,
  AccountGetOutput,
  AccountNotesOutput,
  AccountTransactionsOutput,
  AccountRecordsOutput,
} from "./outputs/account";

export const accountRouter = createTRPCRouter({
  find: protectedProcedure
    .input(FindAccountsInput)
    .output(AccountFindOutput)
    .query(({ ctx, input }) => findAccounts(ctx.svc, input)),
  get: protectedProcedure
    .input(GetAccountInput)
    .output(AccountGetOutput)
    .query(({ ctx, input }) => getAccount(ctx.svc, input)),
  notes: protectedProcedure
    .input(ListAccountNotesInput)
    .output(AccountNotesOutput)
    .query(({ ctx, input }) => listAccountNotes(ctx.svc, input)),
  transactions: protectedProcedure
    .input(ListAccountTransactionsInput)
    .output(AccountTransactionsOutput)
    .query(({ ctx, input }) => listAccountTransactions(ctx.svc, input)),
  records: protectedProcedure
    .input(AccountRecordsInput)
    .output(AccountRecordsOutput)
    .query(({ ctx, input }) => getAccountRecords(ctx.svc, input)),
});
