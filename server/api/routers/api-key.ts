import { z } from "zod";
import { invalidateApiKey, InvalidateApiKeyInput } from "@/server/services/organisations/invalidate-api-key";
import { issueApiKey, IssueApiKeyInput } from "@/server/services/organisations/issue-api-key";
import { listApiKeys } from "@/server/services/organisations/list-api-keys";
import { rollApiKey, RollApiKeyInput } from "@/server/services/organisations/roll-api-key";
import { createTRPCRouter, operatorProcedure, protectedProcedure } from "../trpc";
import { ApiKeyListOutput, ApiKeyCreateOutput, ApiKeyRollOutput, ApiKeyInvalidateOutput } from "./outputs/api-key";

export const apiKeyRouter = createTRPCRouter({
  list: protectedProcedure
    .input(z.strictObject({}))
    .output(ApiKeyListOutput)
    .query(({ ctx }) => listApiKeys(ctx.svc)),
  create: operatorProcedure
    .input(IssueApiKeyInput)
    .output(ApiKeyCreateOutput)
    .mutation(({ ctx, input }) => issueApiKey(ctx.svc, input)),
  roll: operatorProcedure
    .input(RollApiKeyInput)
    .output(ApiKeyRollOutput)
    .mutation(({ ctx, input }) => rollApiKey(ctx.svc, input)),
  invalidate: operatorProcedure
    .input(InvalidateApiKeyInput)
    .output(ApiKeyInvalidateOutput)
    .mutation(({ ctx, input }) => invalidateApiKey(ctx.svc, input)),
});
