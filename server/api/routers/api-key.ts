import { z } from "zod";
import { invalidateApiKey, InvalidateApiKeyInput } from "@/server/services/organisations/invalidate-api-key";
import { issueApiKey, IssueApiKeyInput } from "@/server/services/organisations/issue-api-key";
import { listApiKeys } from "@/server/services/organisations/list-api-keys";
import { rollApiKey, RollApiKeyInput } from "@/server/services/organisations/roll-api-key";
import { createTRPCRouter, operatorProcedure, protectedProcedure } from "../trpc";

export const apiKeyRouter = createTRPCRouter({
  list: protectedProcedure.input(z.strictObject({})).query(({ ctx }) => listApiKeys(ctx.svc)),
  create: operatorProcedure.input(IssueApiKeyInput).mutation(({ ctx, input }) => issueApiKey(ctx.svc, input)),
  roll: operatorProcedure.input(RollApiKeyInput).mutation(({ ctx, input }) => rollApiKey(ctx.svc, input)),
  invalidate: operatorProcedure.input(InvalidateApiKeyInput).mutation(({ ctx, input }) => invalidateApiKey(ctx.svc, input)),
});
