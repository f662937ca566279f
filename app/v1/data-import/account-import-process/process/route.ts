import { restRoute } from "@/server/rest/handler";
import { processAccountImport } from "@/server/services/account-import/process-account-import";
import { ProcessAccountInput } from "@/server/services/account-import/schemas";
import { otherMethods } from "@/server/rest/methods";

export const POST = restRoute({
  auth: "token",
  writer: true,
  body: ProcessAccountInput,
  handle: async ({ ctx, body }) => {
    const result = await processAccountImport(ctx, body);
    return { status: result.dry_run ? 200 : 201, body: result };
  },
});
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ POST });
