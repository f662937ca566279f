import { getImportProcess, GetImportProcessInput } from "@/server/services/account-import/get-import-process";
import { importActivity, ImportActivityInput } from "@/server/services/suppliers/import-activity";
import { listImportRows, ListImportRowsInput } from "@/server/services/account-import/list-import-rows";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import { AccountImportListOutput, AccountImportGetOutput, AccountImportActivityOutput } from "./outputs/account-import";

export const accountImportRouter = createTRPCRouter({
  list: protectedProcedure
    .input(ListImportRowsInput)
    .output(AccountImportListOutput)
    .query(({ ctx, input }) => listImportRows(ctx.svc, input)),
  get: protectedProcedure
    .input(GetImportProcessInput)
    .output(AccountImportGetOutput)
    .query(({ ctx, input }) => getImportProcess(ctx.svc, input)),
  activity: protectedProcedure
    .input(ImportActivityInput)
    .output(AccountImportActivityOutput)
    .query(({ ctx, input }) => importActivity(ctx.svc, input)),
});
