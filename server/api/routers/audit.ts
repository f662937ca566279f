import { listAudit, ListAuditInput } from "@/server/services/audit/list-audit";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import { AuditListOutput } from "./outputs/audit";

export const auditRouter = createTRPCRouter({
  list: protectedProcedure
    .input(ListAuditInput)
    .output(AuditListOutput)
    .query(({ ctx, input }) => listAudit(ctx.svc, input)),
});
