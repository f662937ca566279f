import {
  cancelImportJob,
  deleteImportJob,
  importValidatedRows,
  pauseImportJob,
  resumeImportJob,
} from "@/server/services/import-jobs/control-import-job";
import { getImportJob, listImportJobs } from "@/server/services/import-jobs/get-import-job";
import { getMigrationDashboard, MigrationDashboardInput } from "@/server/services/import-jobs/migration-dashboard";
import {
  FailedRowsInput,
  FixJobRowInput,
  ImportJobIdInput,
  JobRowInput,
  ListImportJobsInput,
  RetryGroupInput,
} from "@/server/services/import-jobs/schemas";
import {
  fixJobRow,
  getJobRow,
  listFailedRows,
  listFailureGroups,
  retryFailureGroup,
} from "@/server/services/import-jobs/triage";
import { createTRPCRouter, operatorProcedure, protectedProcedure } from "../trpc";
import {
  ImportJobListOutput,
  ImportJobGetOutput,
  ImportJobFailureGroupsOutput,
  ImportJobFailedRowsOutput,
  ImportJobRowOutput,
  ImportJobDashboardOutput,
  ImportJobPauseOutput,
  ImportJobResumeOutput,
  ImportJobCancelOutput,
  ImportJobDeleteOutput,
  ImportJobImportValidatedOutput,
  ImportJobFixRowOutput,
  ImportJobRetryGroupOutput,
} from "./outputs/import-job";

/** Server-side import jobs (ADR 0404), their triage (0405) and the migration dashboard (0406). Uploads go to the streaming route. */
export const importJobRouter = createTRPCRouter({
  list: protectedProcedure
    .input(ListImportJobsInput)
    .output(ImportJobListOutput)
    .query(({ ctx, input }) => listImportJobs(ctx.svc, input)),
  get: protectedProcedure
    .input(ImportJobIdInput)
    .output(ImportJobGetOutput)
    .query(({ ctx, input }) => getImportJob(ctx.svc, input)),
  failureGroups: protectedProcedure
    .input(ImportJobIdInput)
    .output(ImportJobFailureGroupsOutput)
    .query(({ ctx, input }) => listFailureGroups(ctx.svc, input)),
  failedRows: protectedProcedure
    .input(FailedRowsInput)
    .output(ImportJobFailedRowsOutput)
    .query(({ ctx, input }) => listFailedRows(ctx.svc, input)),
  row: protectedProcedure
    .input(JobRowInput)
    .output(ImportJobRowOutput)
    .query(({ ctx, input }) => getJobRow(ctx.svc, input)),
  dashboard: protectedProcedure
    .input(MigrationDashboardInput)
    .output(ImportJobDashboardOutput)
    .query(({ ctx, input }) => getMigrationDashboard(ctx.svc, input)),
  pause: operatorProcedure
    .input(ImportJobIdInput)
    .output(ImportJobPauseOutput)
    .mutation(({ ctx, input }) => pauseImportJob(ctx.svc, input)),
  resume: operatorProcedure
    .input(ImportJobIdInput)
    .output(ImportJobResumeOutput)
    .mutation(({ ctx, input }) => resumeImportJob(ctx.svc, input)),
  cancel: operatorProcedure
    .input(ImportJobIdInput)
    .output(ImportJobCancelOutput)
    .mutation(({ ctx, input }) => cancelImportJob(ctx.svc, input)),
  delete: operatorProcedure
    .input(ImportJobIdInput)
    .output(ImportJobDeleteOutput)
    .mutation(({ ctx, input }) => deleteImportJob(ctx.svc, input)),
  importValidated: operatorProcedure
    .input(ImportJobIdInput)
    .output(ImportJobImportValidatedOutput)
    .mutation(({ ctx, input }) => importValidatedRows(ctx.svc, input)),
  fixRow: operatorProcedure
    .input(FixJobRowInput)
    .output(ImportJobFixRowOutput)
    .mutation(({ ctx, input }) => fixJobRow(ctx.svc, input)),
  retryGroup: operatorProcedure
    .input(RetryGroupInput)
    .output(ImportJobRetryGroupOutput)
    .mutation(({ ctx, input }) => retryFailureGroup(ctx.svc, input)),
});
