import { restRoute } from "@/server/rest/handler";
import { StageAccountInput } from "@/server/services/account-import/account-schemas";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  writer: true,
  body: StageAccountInput,
  bodyErrorCode: "account_failed_validation",
  handle: async ({ ctx, body }) => {
    const { created, body: answer } = await stageAccount(ctx, body);
    return { status: created ? 201 : 200, body: answer };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
