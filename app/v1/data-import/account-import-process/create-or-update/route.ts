import { requireWriter } from "@/server/context";
import { readJsonBody } from "@/server/rest/body";
import { restRoute } from "@/server/rest/handler";
import { StageAccountInput } from "@/server/services/account-import/schemas";
import { stageAccount } from "@/server/services/account-import/stage-account";
import { parseBodyWithCode } from "@/server/services/data-import/common";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  handle: async ({ ctx, req }) => {
    requireWriter(ctx); // a read-only caller gets 403 before the body is read
    const body = parseBodyWithCode(StageAccountInput, await readJsonBody(req), "account_failed_validation");
    const { created, process } = await stageAccount(ctx, body);
    return { status: created ? 201 : 200, body: process };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
