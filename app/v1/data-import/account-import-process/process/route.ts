import { contractRoute } from "@/server/rest/handler";
import { processAccountRoute } from "@/server/rest/contracts/account-import";
import { DRY_RUN_SUCCEEDED, processAccountImport, processCreationBody } from "@/server/services/account-import/process-account-import";
import { otherMethods } from "@/server/rest/methods";

export const POST = contractRoute(processAccountRoute, {
  writer: true,
  body: processAccountRoute.body,
  handle: async ({ ctx, body }) => {
    const result = await processAccountImport(ctx, body);
    // Production answers a dry run that would have succeeded with a 400 (nothing was kept).
    return result.dry_run ? { status: 400, body: DRY_RUN_SUCCEEDED } : { status: 201, body: processCreationBody(result) };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
