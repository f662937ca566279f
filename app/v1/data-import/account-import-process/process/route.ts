import { restRoute } from "@/server/rest/handler";
import { DRY_RUN_SUCCEEDED, processAccountImport, processCreationBody } from "@/server/services/account-import/process-account-import";
import { ProcessAccountInput } from "@/server/services/account-import/account-schemas";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  writer: true,
  body: ProcessAccountInput,
  handle: async ({ ctx, body }) => {
    const result = await processAccountImport(ctx, body);
    // Production answers a dry run that would have succeeded with a 400 (nothing was kept).
    return result.dry_run ? { status: 400, body: DRY_RUN_SUCCEEDED } : { status: 201, body: processCreationBody(result) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
