import { getLedger } from "@/server/services/support/get-ledger";
import { GetLedgerInput } from "@/server/services/support/ledger-input";
import { getTimeline, GetTimelineInput } from "@/server/services/support/get-timeline";
import { searchAccountNotes, SearchAccountNotesInput } from "@/server/services/support/search-account-notes";
import { searchAccounts, SearchAccountsInput } from "@/server/services/support/search-accounts";
import { createTRPCRouter, protectedProcedure } from "../trpc";

/** What support staff read to answer a caller (issue 20): operators and support alike, own organisation only. */
export const supportRouter = createTRPCRouter({
  search: protectedProcedure.input(SearchAccountsInput).query(({ ctx, input }) => searchAccounts(ctx.svc, input)),
  ledger: protectedProcedure.input(GetLedgerInput).query(({ ctx, input }) => getLedger(ctx.svc, input)),
  searchNotes: protectedProcedure.input(SearchAccountNotesInput).query(({ ctx, input }) => searchAccountNotes(ctx.svc, input)),
  timeline: protectedProcedure.input(GetTimelineInput).query(({ ctx, input }) => getTimeline(ctx.svc, input)),
});
