import { listAudit, ListAuditInput } from "@/server/services/audit/list-audit";
import { createTRPCRouter, protectedProcedure } from "../trpc";

export const auditRouter = createTRPCRouter({
  list: protectedProcedure.input(ListAuditInput).query(({ ctx, input }) => listAudit(ctx.svc, input)),
});
