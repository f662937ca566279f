import { restRoute } from "@/server/rest/handler";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { validateAccount } from "@/server/services/account-import/validate-account";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  body: StageAccountInput,
  bodyErrorCode: "account_failed_validation",
  handle: async ({ ctx, body }) => ({ status: 200, body: await validateAccount(ctx, body) }),
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
