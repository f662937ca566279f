import { getLedger } from "@/server/services/support/get-ledger";
import { GetLedgerInput } from "@/server/services/support/ledger-input";
import { getTimeline, GetTimelineInput } from "@/server/services/support/get-timeline";
import { searchAccountNotes, SearchAccountNotesInput } from "@/server/services/support/search-account-notes";
import { searchAccounts, SearchAccountsInput } from "@/server/services/support/search-accounts";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import {
  SupportSearchOutput,
  SupportLedgerOutput,
  SupportSearchNotesOutput,
  SupportTimelineOutput,
} from "./outputs/support";

/** What support staff read to answer a caller (issue 20): operators and support alike, own organisation only. */
export const supportRouter = createTRPCRouter({
  search: protectedProcedure
    .input(SearchAccountsInput)
    .output(SupportSearchOutput)
    .query(({ ctx, input }) => searchAccounts(ctx.svc, input)),
  ledger: protectedProcedure
    .input(GetLedgerInput)
    .output(SupportLedgerOutput)
    .query(({ ctx, input }) => getLedger(ctx.svc, input)),
  searchNotes: protectedProcedure
    .input(SearchAccountNotesInput)
    .output(SupportSearchNotesOutput)
    .query(({ ctx, input }) => searchAccountNotes(ctx.svc, input)),
  timeline: protectedProcedure
    .input(GetTimelineInput)
    .output(SupportTimelineOutput)
    .query(({ ctx, input }) => getTimeline(ctx.svc, input)),
});
