import { contractRoute } from "@/server/rest/handler";
import { stageAccountRoute } from "@/server/rest/contracts/account-import";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { otherMethods } from "@/server/rest/methods";

export const POST = contractRoute(stageAccountRoute, {
  writer: true,
  body: stageAccountRoute.body,
  bodyErrorCode: "account_failed_validation",
  handle: async ({ ctx, body }) => {
    const { created, body: answer } = await stageAccount(ctx, body);
    return { status: created ? 201 : 200, body: answer };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
