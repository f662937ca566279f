import { z } from "zod";
import { listAudit } from "@/server/services/audit/list-audit";
import { getAccountCohort } from "@/server/services/cohorts/account-cohort";
import { getCohortDashboard } from "@/server/services/cohorts/cohort-dashboard";
import { createCohort, updateCohort } from "@/server/services/cohorts/create-cohort";
import { retryCutover, startCutover } from "@/server/services/cohorts/cutover";
import { getCohort, getCutover, listCohorts, listMembers } from "@/server/services/cohorts/get-cohort";
import { addCohortMembers, removeCohortMembers } from "@/server/services/cohorts/members";
import { requestReconciliation } from "@/server/services/cohorts/reconcile";
import { getReconciliation, listResults } from "@/server/services/cohorts/results";
import {
  AcceptMismatchesInput,
  AddMembersInput,
  CohortIdInput,
  CreateCohortInput,
  ListCohortsInput,
  ListMembersInput,
  ListResultsInput,
  RemoveMembersInput,
  UpdateCohortInput,
} from "@/server/services/cohorts/schemas";
import { acceptMismatches, markCohortImported, signOffCohort } from "@/server/services/cohorts/sign-off";
import {
  CohortListOutput,
  CohortGetOutput,
  CohortMembersOutput,
  CohortReconciliationOutput,
  CohortResultsOutput,
  CohortCutoverOutput,
  CohortDashboardOutput,
  CohortForAccountOutput,
  CohortAuditOutput,
  CohortCreateOutput,
  CohortUpdateOutput,
  CohortAddMembersOutput,
  CohortRemoveMembersOutput,
  CohortMarkImportedOutput,
  CohortReconcileOutput,
  CohortAcceptOutput,
  CohortSignOffOutput,
  CohortStartCutoverOutput,
  CohortRetryCutoverOutput,
} from "./outputs/cohort";
import { createTRPCRouter, operatorProcedure, protectedProcedure } from "../trpc";

const AuditInput = z.strictObject({
  id: z.number().int().min(1).max(2_147_483_647),
  cursor: z.string().max(200).nullish(),
  limit: z.number().int().min(1).max(100).default(30),
});

/** Cohorts, their control totals, reconciliation, sign-off and cut-over (ADR 0416–0419): operators write, support reads. */
export const cohortRouter = createTRPCRouter({
  list: protectedProcedure
    .input(ListCohortsInput)
    .output(CohortListOutput)
    .query(({ ctx, input }) => listCohorts(ctx.svc, input)),
  get: protectedProcedure
    .input(CohortIdInput)
    .output(CohortGetOutput)
    .query(({ ctx, input }) => getCohort(ctx.svc, input)),
  members: protectedProcedure
    .input(ListMembersInput)
    .output(CohortMembersOutput)
    .query(({ ctx, input }) => listMembers(ctx.svc, input)),
  reconciliation: protectedProcedure
    .input(CohortIdInput)
    .output(CohortReconciliationOutput)
    .query(({ ctx, input }) => getReconciliation(ctx.svc, input)),
  results: protectedProcedure
    .input(ListResultsInput)
    .output(CohortResultsOutput)
    .query(({ ctx, input }) => listResults(ctx.svc, input)),
  cutover: protectedProcedure
    .input(CohortIdInput)
    .output(CohortCutoverOutput)
    .query(({ ctx, input }) => getCutover(ctx.svc, input)),
  dashboard: protectedProcedure
    .input(z.strictObject({ days: z.number().int().min(1).max(365).default(30) }))
    .output(CohortDashboardOutput)
    .query(({ ctx, input }) => getCohortDashboard(ctx.svc, input)),
  forAccount: protectedProcedure
    .input(
      z.strictObject({
        number: z
          .string()
          .trim()
          .regex(/^A-[0-9A-F]{8}$/i)
          .transform((s) => s.toUpperCase()),
      }),
    )
    .output(CohortForAccountOutput)
    .query(({ ctx, input }) => getAccountCohort(ctx.svc, input.number)),
  audit: protectedProcedure
    .input(AuditInput)
    .output(CohortAuditOutput)
    .query(async ({ ctx, input }) => {
      await getCohort(ctx.svc, { id: input.id });
      return listAudit(ctx.svc, {
        entityType: "cohort",
        entityId: String(input.id),
        cursor: input.cursor ?? undefined,
        limit: input.limit,
      });
    }),
  create: operatorProcedure
    .input(CreateCohortInput)
    .output(CohortCreateOutput)
    .mutation(({ ctx, input }) => createCohort(ctx.svc, input)),
  update: operatorProcedure
    .input(UpdateCohortInput)
    .output(CohortUpdateOutput)
    .mutation(({ ctx, input }) => updateCohort(ctx.svc, input)),
  addMembers: operatorProcedure
    .input(AddMembersInput)
    .output(CohortAddMembersOutput)
    .mutation(({ ctx, input }) => addCohortMembers(ctx.svc, input)),
  removeMembers: operatorProcedure
    .input(RemoveMembersInput)
    .output(CohortRemoveMembersOutput)
    .mutation(({ ctx, input }) => removeCohortMembers(ctx.svc, input)),
  markImported: operatorProcedure
    .input(CohortIdInput)
    .output(CohortMarkImportedOutput)
    .mutation(({ ctx, input }) => markCohortImported(ctx.svc, input)),
  reconcile: operatorProcedure
    .input(CohortIdInput)
    .output(CohortReconcileOutput)
    .mutation(({ ctx, input }) => requestReconciliation(ctx.svc, input)),
  accept: operatorProcedure
    .input(AcceptMismatchesInput)
    .output(CohortAcceptOutput)
    .mutation(({ ctx, input }) => acceptMismatches(ctx.svc, input)),
  signOff: operatorProcedure
    .input(CohortIdInput)
    .output(CohortSignOffOutput)
    .mutation(({ ctx, input }) => signOffCohort(ctx.svc, input)),
  startCutover: operatorProcedure
    .input(CohortIdInput)
    .output(CohortStartCutoverOutput)
    .mutation(({ ctx, input }) => startCutover(ctx.svc, input)),
  retryCutover: operatorProcedure
    .input(CohortIdInput)
    .output(CohortRetryCutoverOutput)
    .mutation(({ ctx, input }) => retryCutover(ctx.svc, input)),
});
