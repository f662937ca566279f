import { contractRoute } from "@/server/rest/handler";
import { validateAccountRoute } from "@/server/rest/contracts/account-import";
import { validateAccount } from "@/server/services/account-import/validate-account";
import { otherMethods } from "@/server/rest/methods";

export const POST = contractRoute(validateAccountRoute, {
  body: validateAccountRoute.body,
  bodyErrorCode: "account_failed_validation",
  handle: async ({ ctx, body }) => ({ status: 200, body: await validateAccount(ctx, body) }),
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
