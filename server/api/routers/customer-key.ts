import { issueCustomerKey, IssueCustomerKeyInput } from "@/server/services/customers/issue-customer-key";
import { listCustomerKeys, ListCustomerKeysInput } from "@/server/services/customers/list-customer-keys";
import { revokeCustomerKey, RevokeCustomerKeyInput } from "@/server/services/customers/revoke-customer-key";
import { createTRPCRouter, operatorProcedure, protectedProcedure } from "../trpc";
import { CustomerKeyListOutput, CustomerKeyIssueOutput, CustomerKeyRevokeOutput } from "./outputs/customer-key";

/** The account page's customer keys: anyone signed in sees them; operators issue and revoke (audited). */
export const customerKeyRouter = createTRPCRouter({
  list: protectedProcedure
    .input(ListCustomerKeysInput)
    .output(CustomerKeyListOutput)
    .query(({ ctx, input }) => listCustomerKeys(ctx.svc, input)),
  issue: operatorProcedure
    .input(IssueCustomerKeyInput)
    .output(CustomerKeyIssueOutput)
    .mutation(({ ctx, input }) => issueCustomerKey(ctx.svc, input)),
  revoke: operatorProcedure
    .input(RevokeCustomerKeyInput)
    .output(CustomerKeyRevokeOutput)
    .mutation(({ ctx, input }) => revokeCustomerKey(ctx.svc, input)),
});
