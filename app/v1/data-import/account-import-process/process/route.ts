import { requireWriter } from "@/server/context";
import { readJsonBody } from "@/server/rest/body";
import { restRoute } from "@/server/rest/handler";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { ProcessAccountInput } from "@/server/services/account-import/schemas";
import { parseBodyWithCode } from "@/server/services/data-import/common";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  handle: async ({ ctx, req }) => {
    requireWriter(ctx); // a read-only caller gets 403 before the body is read
    const result = await processAccountImport(ctx, parseBodyWithCode(ProcessAccountInput, await readJsonBody(req)));
    return { status: result.dry_run ? 200 : 201, body: result };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
